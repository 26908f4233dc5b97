import { message } from '@portal/forms';
import { TextMaxLength, type AccountData, type AddressBookEntry, type Salutation } from '@portal/identity';
import { useAccountSave, type AccountChange } from '../../../shared/account-save';

/** The address form; postcode and country are siblings, so the postcode follows the country's rule. */
export interface AddressValues {
  salutation: Salutation | '';
  firstName: string;
  lastName: string;
  street: string;
  streetNo: string;
  zip: string;
  city: string;
  country: string;
  isStandardAddress: boolean;
}

/** The one address of the account (spec 000 §3): the standard address, else the first. */
export function currentAddress(data: AccountData | undefined): AddressBookEntry | undefined {
  const book = Array.isArray(data?.addressBook) ? data.addressBook : [];
  return book.find((entry) => entry.isStandardAddress) ?? book[0];
}

export function addressValues(entry: AddressBookEntry | undefined, defaults: { country: string }): AddressValues {
  return {
    salutation: entry?.salutation ?? '',
    firstName: entry?.firstName ?? '',
    lastName: entry?.lastName ?? '',
    street: entry?.street ?? '',
    streetNo: entry?.streetNo ?? '',
    zip: entry?.zip ?? '',
    city: entry?.city ?? '',
    country: entry?.country ?? defaults.country,
    isStandardAddress: entry?.isStandardAddress ?? true,
  };
}

/** The entry as it is stored in `data.addressBook`: trimmed, the salutation left out when not given. */
export function addressEntry(values: AddressValues): AddressBookEntry {
  const trim = (value: string) => value.trim();
  return {
    ...(values.salutation ? { salutation: values.salutation } : {}),
    firstName: trim(values.firstName),
    lastName: trim(values.lastName),
    street: trim(values.street),
    streetNo: trim(values.streetNo),
    zip: trim(values.zip),
    city: trim(values.city),
    country: values.country,
    isStandardAddress: values.isStandardAddress,
  };
}

/** The form field of a server error on `data.addressBook.<field>` (`ap.errors.data.addressBook.<field>.<code>`). */
function addressFieldPath(fieldName: string): string | undefined {
  const match = /^data\.addressBook(?:\[\d+\]|\.\d+)?\.(\w+)$/.exec(fieldName);
  return match?.[1];
}

/**
 * The write of the form, onto the address as stored now (`stored`, read just before the save): the provider replaces
 * the address book whole, and the form wrote back the whole address it was loaded with, so a save in a tab opened
 * before undid the street another tab had saved meanwhile (QA). As the personal data form does, only the fields the
 * shopper changed against the values the form was loaded with (`loaded`) are taken from the form, trimmed, an emptied
 * salutation left out. A form loaded without an address adds one; the account keeps one (spec 000 §3), so an address
 * stored meanwhile (another tab's) is neither doubled nor overwritten: the save is refused with a text that says so.
 */
export function addressUpdate(values: AddressValues, loaded: AddressValues, adding: boolean, stored: AddressBookEntry | undefined): AccountChange {
  if (adding && stored) return { refused: message('ap.addresses.exists', 'An address has been saved meanwhile.') };
  const written = addressEntry(values);
  const entry: Record<string, unknown> = { ...stored };
  for (const field of Object.keys(loaded) as (keyof AddressValues)[]) {
    if (!stored || values[field] !== loaded[field]) entry[field] = written[field];
  }
  if (entry.salutation === undefined) delete entry.salutation;
  return { data: { addressBook: [entry as AddressBookEntry] } };
}

/**
 * Saves the one address of the account (spec 000 §3): addressUpdate, from the values the form was loaded with. The
 * service's refusal of a text too long (ap.errors.data.addressBook.<field>.400006) names the most characters of the
 * field ({max}): an address's text's, its names' too, and the house number's own (textLength.streetNo), where it named
 * the 200 of the others (QA, 2026-12-01).
 */
export function useSaveAddress(loaded: AddressValues, adding: boolean) {
  return useAccountSave((values: AddressValues, _account, stored) => addressUpdate(values, loaded, adding, currentAddress(stored.data)), {
    fieldPath: addressFieldPath,
    values: (fieldName) => ({ max: addressFieldPath(fieldName) === 'streetNo' ? TextMaxLength.streetNo : TextMaxLength.address }),
  });
}
