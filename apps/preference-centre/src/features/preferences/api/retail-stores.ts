import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson, ResponseError, useSite, type RestSchemas } from '@portal/cms';

export type RetailStore = RestSchemas['RetailStore'];

/** Searching starts at two characters (spec 001: the store search). */
export const MIN_QUERY_LENGTH = 2;

/** `GET {restApi}/rest/v1/retailstores/search?q=`: up to 20 stores, best first, closed ones included. */
export async function searchRetailStores(restApi: string, q: string, signal?: AbortSignal): Promise<RetailStore[]> {
  const answer = await fetchJson<RestSchemas['RetailStoreSearchResult']>(`${restApi}/rest/v1/retailstores/search?q=${encodeURIComponent(q)}`, { signal });
  return answer.retailStores ?? [];
}

export function retailStoreSearchQueryOptions(restApi: string, q: string) {
  return queryOptions({
    queryKey: ['retail-stores', 'search', q],
    queryFn: ({ signal }) => searchRetailStores(restApi, q, signal),
    enabled: q.length >= MIN_QUERY_LENGTH,
    staleTime: 60_000,
    retry: false,
    // The shopper waits for it while typing: offline it fails at once and the field says so (StoreCombobox),
    // rather than showing no store as if none matched; it runs again when the connection is back (which
    // networkMode 'always' would otherwise turn off).
    networkMode: 'always',
    refetchOnReconnect: true,
  });
}

/** The stores matching an already debounced query. */
export function useRetailStoreSearch(q: string) {
  const { metadata } = useSite();
  return useQuery(retailStoreSearchQueryOptions(metadata.restApi, q.trim()));
}

/** `GET {restApi}/rest/v1/retailstores/{id}`: the saved favourite, to show its text and whether it has closed; undefined when unknown. */
export async function getRetailStore(restApi: string, id: string): Promise<RetailStore | undefined> {
  try {
    return await fetchJson<RetailStore>(`${restApi}/rest/v1/retailstores/${encodeURIComponent(id)}`);
  } catch (error) {
    if (error instanceof ResponseError && error.status === 404) return undefined;
    throw error;
  }
}

export function retailStoreQueryOptions(restApi: string, id: string) {
  return queryOptions({
    queryKey: ['retail-stores', 'by-id', id],
    queryFn: () => getRetailStore(restApi, id),
    enabled: id !== '',
    staleTime: 60_000,
  });
}

/** The account's favourite store, when it has one. */
export function useFavouriteStore(id: string) {
  const { metadata } = useSite();
  return useQuery(retailStoreQueryOptions(metadata.restApi, id));
}
