// The yup-free half of the form rules: facts and checks that pages use while rendering, kept apart from the
// schema builders (rules.ts), which load with yup only when a form is first checked (deferred-schema.ts).

import { PersonNamePattern } from '@portal/identity-contract';

/** The provider's password policy (`getPolicies` → `passwordComplexity`). */
export interface PasswordComplexity {
  minLength: number;
  /** How many of the groups lower case, upper case, digit and other must occur. */
  minCharGroups: number;
  regExp?: string;
}

/** Birth years the product accepts (spec 000 §5 and §9, spec 001 §5). */
export const BIRTH_YEAR_RANGE = { min: 1900, max: 2020 } as const;

/**
 * Compiles a pattern from the provider or the configuration: with the `u` flag where it compiles (so `\p{L}`
 * works), otherwise without; undefined when it is not a valid pattern at all, so a broken pattern never locks
 * the user out of a form.
 */
export function compilePattern(pattern: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // try the next flags
    }
  }
  return undefined;
}

/** Empty inputs of number fields mean "no value", not "not a number". */
export function emptyToUndefined(value: unknown, original: unknown): unknown {
  return original === '' || original === null ? undefined : value;
}

/** Whether a value counts as given: whitespace alone is no first name. */
export function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return !Number.isNaN(value);
  return true;
}

/**
 * How many of the groups lower case, upper case, digit and other a password uses: the identity contract's one
 * implementation (by Unicode category), the same the fake provider checks with and the Go provider mirrors.
 */
export { charGroupCount } from '@portal/identity-contract';

/**
 * Countries whose numbers have a fixed length after the country code (spec 000 §5: PT 9 digits, PL 11 digits –
 * read as the whole number, +48 and 9 digits, which is the length of every Polish number).
 */
export const PHONE_NUMBER_LENGTHS: Readonly<Record<string, { countryCode: string; digits: number }>> = {
  PT: { countryCode: '351', digits: 9 },
  PL: { countryCode: '48', digits: 9 },
};

const INTERNATIONAL_NUMBER = /^\+([1-9]\d{6,14})$/;

/**
 * Whether a phone number is written internationally: a plus sign, the country code and digits only, 7 to 15
 * digits in all (E.164), e.g. +4912345678; numbers of the countries in `PHONE_NUMBER_LENGTHS` need exactly their
 * length. Country codes are prefix-free, so the leading digits say which country a number belongs to.
 */
export function isValidPhoneNumber(value: string): boolean {
  const digits = INTERNATIONAL_NUMBER.exec(value)?.[1];
  if (!digits) return false;
  for (const { countryCode, digits: length } of Object.values(PHONE_NUMBER_LENGTHS)) {
    if (digits.startsWith(countryCode)) return digits.length === countryCode.length + length;
  }
  return true;
}

/**
 * A first name: the identity contract's person-name rule (personName), the one the embedded provider and the fake hold
 * a name to: letters of any script (umlauts, accents, also as combining marks), with spaces, hyphens and apostrophes,
 * starting with a letter. It has no length of its own: the specs name none and the service takes a name of up to
 * 1,000 characters (an address's up to 200), answering a longer one with 400006 on the field. The rule written here
 * by hand stopped at 50 characters and so refused names the service stores.
 */
export const FIRST_NAME = new RegExp(PersonNamePattern, 'u');
