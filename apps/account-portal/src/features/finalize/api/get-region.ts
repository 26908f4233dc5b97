import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson, useSite } from '@portal/cms';
import { compilePattern, zipCodeRule, type ZipCodeRule } from '@portal/forms';

/** `GET {restApi}/rest/v1/region?zip=` answers `region.id`: NORD, SUED or another value (spec 000 §3 and §7). */
export interface RegionAnswer {
  region: { id: string };
}

/** Spec 000 §9: a postcode of this length triggers the region look-up. */
export const POSTCODE_LOOKUP_LENGTH = 5;

export function getRegion(restApi: string, zip: string): Promise<RegionAnswer> {
  return fetchJson<RegionAnswer>(`${restApi}/rest/v1/region?zip=${encodeURIComponent(zip)}`);
}

/**
 * Whether a postcode is worth a region look-up: five characters (spec 000 §9) that are a German postcode by the
 * configured rule. Five letters are refused by the form's own check; asking the server as well would only add a
 * second message (and a refused request).
 */
export function isRegionLookup(zip: string, rules: Record<string, ZipCodeRule>): boolean {
  if (zip.length !== POSTCODE_LOOKUP_LENGTH) return false;
  return compilePattern(zipCodeRule(rules, 'DE').regex)?.test(zip) ?? true;
}

export function regionQuery(restApi: string, zip: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['region', restApi, zip],
    queryFn: () => getRegion(restApi, zip),
    staleTime: Infinity,
    retry: false,
    // The shopper waits for it while typing: offline it fails at once and says so (PostcodeRegion), rather than
    // "checking" until the connection is back, and runs again by itself then (which networkMode 'always' would
    // otherwise turn off).
    networkMode: 'always',
    refetchOnReconnect: true,
    enabled,
  });
}

/** The region of a postcode, looked up when isRegionLookup says so. */
export function useRegion(zip: string, lookup: boolean) {
  const { metadata } = useSite();
  return useQuery(regionQuery(metadata.restApi, zip, lookup));
}
