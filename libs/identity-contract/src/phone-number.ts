import { PhoneNumberLengths, PhoneNumberPattern } from './phone.gen';

export * from './phone.gen';

/** The length of a country's phone numbers: `digits` after the country code `countryCode`. */
export interface PhoneNumberLength {
  countryCode: string;
  digits: number;
}

/** A plus sign and a country code, then digits: the shape in which a number's country says its length. */
const PLUS_AND_DIGITS = /^\+[1-9][0-9]*$/;

const PHONE_NUMBER = new RegExp(PhoneNumberPattern, 'u');

/**
 * What is wrong with a phone number as it is stored (no spaces or separators) by the identity contract's rule
 * (`phoneNumber`), the one the embedded provider stores numbers by (contract.PhoneNumberValid in services/api):
 * its country's length when it is a number of a country in PhoneNumberLengths with another length, 'format' when it
 * is otherwise not PhoneNumberPattern, undefined when nothing. Both sides test against PhoneNumberExamples. Country
 * codes are prefix-free, so the leading digits say which country a number belongs to.
 */
export function phoneNumberFault(number: string): 'format' | PhoneNumberLength | undefined {
  if (!PLUS_AND_DIGITS.test(number)) return 'format';
  const digits = number.slice(1);
  const country = Object.values(PhoneNumberLengths).find(({ countryCode }) => digits.startsWith(countryCode));
  if (country && digits.length !== country.countryCode.length + country.digits) return country;
  return PHONE_NUMBER.test(number) ? undefined : 'format';
}
