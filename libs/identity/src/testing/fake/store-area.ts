import type { CheckedWrite } from './account-data';
import type { FakeStore } from './store';
import { isPlainObject } from './values';

/** The server-only data field that holds the store area (spec 000 §3: never shown). */
const CUSTOMER_ASSIGNMENT = 'customerassignment';

/**
 * The write with data.customerassignment derived from the account's German postcode, as the embedded provider's
 * withCustomerAssignment after a registration and after every write (spec 000 §1: the store area from the postcode,
 * Germany only). Clients cannot write the field (400020), so this is the only way it changes. Without a German
 * postcode the stored value stays as it was, also when the postcode is removed; without storeAreas the fake derives
 * none, as the service without a table.
 */
export async function withCustomerAssignment(store: FakeStore, write: CheckedWrite): Promise<CheckedWrite> {
  if (!store.storeAreas) return write;
  const postcode = germanPostcode(store, write.profile, write.data);
  if (postcode === undefined) return write;
  return { ...write, data: { ...write.data, [CUSTOMER_ASSIGNMENT]: await store.storeAreas.storeArea(postcode) } };
}

/**
 * The postcode the store area follows: the standard address's when it is in Germany, else the first German address's,
 * else the profile's when it is a German one: the profile's country is Germany, or it names none and the site's is
 * (profileCountry, whose rule the postcode was held to).
 */
function germanPostcode(store: FakeStore, profile: Record<string, unknown>, data: Record<string, unknown>): string | undefined {
  const book = Array.isArray(data.addressBook) ? data.addressBook : [];
  const german = book.filter(isPlainObject).filter((entry) => isGermany(entry.country) && textOf(entry.zip) !== '');
  const chosen = german.find((entry) => entry.isStandardAddress === true) ?? german[0];
  if (chosen) return textOf(chosen.zip);
  const zip = textOf(profile.zip);
  const country = textOf(profile.country) || store.profileCountry;
  return zip !== '' && isGermany(country) ? zip : undefined;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function isGermany(country: unknown): boolean {
  return textOf(country).trim().toUpperCase() === 'DE';
}
