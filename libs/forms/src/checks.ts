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

/** "+49 (0)30 …": the trunk prefix, which is dialled only within the country, so no part of the number. */
const TRUNK_PREFIX = /^\+\s*(\d{1,3})\s*\(0\)/;
/**
 * "+48 (22) 123 45 67": an area code in brackets, whose digits are part of the number. One that starts with 0
 * ("+49 (030) …") stays refused: whether its 0 is a trunk prefix or part of the number (Italy's) no rule can tell.
 */
const BRACKETED_DIGITS = /\(([1-9]\d*)\)/g;
/** Spaces (also the no-break one) and the hyphens, dashes, slashes and dots people group the digits with. */
const SEPARATORS = /[\s\-\u2010-\u2013/.]/g;

/**
 * A phone number as the service stores it (E.164: a plus sign and digits, the identity contract's phoneNumber), from
 * one written as shoppers write it: "+48 123 456 789", "+49 (0)30 123-45-67". The form checks this and the save sends
 * it; the form took only the digits run together, which no one writes (QA phone round). Anything else stays in, for
 * the check to refuse.
 */
export function normalisePhoneNumber(value: string): string {
  return value.trim().replace(TRUNK_PREFIX, '+$1').replace(BRACKETED_DIGITS, '$1').replace(SEPARATORS, '');
}

/**
 * A first name: the identity contract's person-name rule (personName), the one the embedded provider and the fake hold
 * a name to: letters of any script (umlauts, accents, also as combining marks), with spaces, hyphens and apostrophes,
 * starting with a letter or a Dutch elided article ('t Hart, ’s-Gravesande), a Catalan middle dot between letters
 * (Gal·la) and a period after a letter (St. John, Smith Jr.; 2026-11-30), tested on the composed (NFC) text (rules.ts,
 * personNameSchema). It has no length of its own: the specs name none and the service takes a name of up to
 * 1,000 characters (an address's up to 200), answering a longer one with 400006 on the field. The rule written here
 * by hand stopped at 50 characters and so refused names the service stores.
 */
export const FIRST_NAME = new RegExp(PersonNamePattern, 'u');
