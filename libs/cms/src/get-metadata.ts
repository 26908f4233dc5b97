import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from './fetch-json';
import { useCmsSettings } from './settings';
import type { Metadata } from './types';

/** Metadata changes only with a deployment, so one fetch per page load is enough. */
export function metadataQuery(metadataUrl: string) {
  return queryOptions({
    queryKey: ['metadata', metadataUrl],
    queryFn: () => fetchJson<Metadata>(metadataUrl),
    staleTime: Infinity,
  });
}

export function useMetadata() {
  const { metadataUrl } = useCmsSettings();
  return useQuery(metadataQuery(metadataUrl));
}
