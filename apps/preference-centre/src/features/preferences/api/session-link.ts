import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson, ResponseError, useSite, type RestSchemas } from '@portal/cms';

export type SessionLinkToken = RestSchemas['SessionLinkToken'];

/**
 * `POST {restApi}/rest/v1/subscriber/jwt`: a link token for the logged-in shopper's session, so the centre opens
 * for a session exactly as for an e-mail link; undefined without a login (401).
 */
export async function issueSessionLink(restApi: string): Promise<SessionLinkToken | undefined> {
  try {
    return await fetchJson<SessionLinkToken>(`${restApi}/rest/v1/subscriber/jwt`, { method: 'POST', headers: { Accept: 'application/json' } });
  } catch (error) {
    if (error instanceof ResponseError && error.status === 401) return undefined;
    throw error;
  }
}

export function sessionLinkQueryOptions(restApi: string) {
  return queryOptions({
    queryKey: ['preference-centre', 'session-link'],
    queryFn: () => issueSessionLink(restApi),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useSessionLink() {
  const { metadata } = useSite();
  return useQuery(sessionLinkQueryOptions(metadata.restApi));
}
