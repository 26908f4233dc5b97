import { IdentityTransportError } from '../errors';

/**
 * The regional store area of a German postcode as an account holds it in data.customerassignment: 'NORD', 'SUED' or
 * 'UNKNOWN' (also for a postcode that is not five digits once trimmed), the embedded provider's StoreAreas. The fake
 * derives the field with it as the service does (fake/store-area); without one it derives none, as the service
 * without a table.
 *
 * The table (services/api/internal/region/data/regions.txt, derived from GeoNames, CC BY 4.0) never enters the apps'
 * bundles: Node tests load it with `loadStoreAreas` from `./store-areas.node`, and the fake in a browser (QA mode) asks
 * the service's region check (`storeAreasOfService`).
 */
export interface StoreAreas {
  storeArea(postcode: string): string | Promise<string>;
}

/** The answer for a postcode the table does not name, or that is not five digits. */
export const UNKNOWN_STORE_AREA = 'UNKNOWN';

const FIVE_DIGITS = /^\d{5}$/;

const AREA_OF_LETTER: Readonly<Record<string, string>> = { N: 'NORD', S: 'SUED', U: UNKNOWN_STORE_AREA };

/**
 * The store areas of a table in the service's "regions v1" format (services/api/internal/region/format.go): after the
 * header, one line a three-digit zone with a region letter (N, S, U) before the two-digit suffixes it applies to, and a
 * closing `total` line. Throws on a table that is not in that format, so a changed file fails the tests that load it.
 */
export function storeAreasFrom(table: string): StoreAreas {
  const areas = new Map<string, string>();
  let header = false;
  let total: number | undefined;
  for (const [index, raw] of table.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const bad = (why: string) => new Error(`store areas: table line ${index + 1}: ${why}`);
    if (!header) {
      if (line !== 'regions v1') throw bad(`want "regions v1", got ${JSON.stringify(line)}`);
      header = true;
      continue;
    }
    const [zone = '', ...tokens] = line.split(/\s+/);
    if (zone === 'total') {
      total = Number(tokens[0]);
      continue;
    }
    if (!/^\d{3}$/.test(zone)) throw bad(`bad zone ${JSON.stringify(zone)}`);
    let area: string | undefined;
    for (const token of tokens) {
      if (AREA_OF_LETTER[token]) area = AREA_OF_LETTER[token];
      else if (area && /^\d{2}$/.test(token)) areas.set(zone + token, area);
      else throw bad(`bad token ${JSON.stringify(token)}`);
    }
  }
  if (total !== areas.size) throw new Error(`store areas: the table names ${areas.size} postcodes, its total line ${String(total)}`);
  return { storeArea: (postcode) => areas.get(postcode.trim()) ?? UNKNOWN_STORE_AREA };
}

/**
 * The store areas as the service's region check answers them (`GET {restApi}/rest/v1/region?zip=`): for the fake in a
 * browser, which has no table. A postcode that is not five digits is UNKNOWN without asking, as the service's own
 * StoreArea says; a check that does not answer fails the fake's call as a provider out of reach would.
 */
export function storeAreasOfService(fetchFn: typeof fetch, restApi = ''): StoreAreas {
  return {
    async storeArea(postcode) {
      const zip = postcode.trim();
      if (!FIVE_DIGITS.test(zip)) return UNKNOWN_STORE_AREA;
      const url = `${restApi}/rest/v1/region?zip=${encodeURIComponent(zip)}`;
      let response: Response;
      try {
        response = await fetchFn(url, { headers: { Accept: 'application/json' } });
      } catch (cause) {
        throw new IdentityTransportError('network', `fake identity: ${url} did not answer`, { cause });
      }
      const body = response.ok ? ((await response.json()) as { region?: { id?: unknown } }) : undefined;
      const id = body?.region?.id;
      if (typeof id !== 'string') throw new IdentityTransportError('invalid-response', `fake identity: ${url} answered ${response.status} without a region`, { status: response.status });
      return id;
    },
  };
}
