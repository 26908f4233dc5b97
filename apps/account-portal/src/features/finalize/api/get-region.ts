import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson, useSite } from '@portal/cms';

/** `GET {restApi}/rest/v1/region?zip=` answers `region.id`: NORD, SUED or another value (spec 000 §3 and §7). */
export interface RegionAnswer {
  region: { id: string };
}

/** Spec 000 §9: a postcode of this length triggers the region look-up. */
export const POSTCODE_LOOKUP_LENGTH = 5;

export function getRegion(restApi: string, zip: string): Promise<RegionAnswer> {
  return fetchJson<RegionAnswer>(`${restApi}/rest/v1/region?zip=${encodeURIComponent(zip)}`);
}

export function regionQuery(restApi: string, zip: string) {
  return queryOptions({
    queryKey: ['region', restApi, zip],
    queryFn: () => getRegion(restApi, zip),
    staleTime: Infinity,
    retry: false,
    enabled: zip.length === POSTCODE_LOOKUP_LENGTH,
  });
}

export function useRegion(zip: string) {
  const { metadata } = useSite();
  return useQuery(regionQuery(metadata.restApi, zip));
}
