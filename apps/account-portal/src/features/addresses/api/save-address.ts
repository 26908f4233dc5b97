import type { AccountData, AddressBookEntry, Salutation } from '@portal/identity';
import { useAccountSave } from '../../../shared/account-save';

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

/** Replaces the account's address book with the one address (the account keeps one, spec 000 §3). */
export function useSaveAddress() {
  return useAccountSave((values: AddressValues) => ({ data: { addressBook: [addressEntry(values)] } }), { fieldPath: addressFieldPath });
}
