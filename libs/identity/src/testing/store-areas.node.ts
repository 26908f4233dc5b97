import { readFileSync } from 'node:fs';
import path from 'node:path';
import { storeAreasFrom, type StoreAreas } from './store-areas';

let cached: StoreAreas | undefined;

/**
 * Loads the service's own postcode table (the one its binary embeds), for tests in Node (Jest): the fake then derives
 * data.customerassignment from the same data as the embedded provider. Kept apart from `./store-areas` and from the
 * testing entry point, so that no app bundle carries the file or `node:fs`.
 */
export function loadStoreAreas(): StoreAreas {
  cached ??= storeAreasFrom(readFileSync(path.resolve(__dirname, '../../../../services/api/internal/region/data/regions.txt'), 'utf8'));
  return cached;
}
