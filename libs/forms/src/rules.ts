import { charGroupCount, passwordLength } from '@portal/identity-contract';
import * as yup from 'yup';
import { message, messages, type Message } from './messages';
import { GENERIC_FORMAT_MESSAGE, zipCodeRule, type ZipCodeRule } from './zip-code';

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
export { charGroupCount };

/**
 * The password of registration, reset and change: required, and, once the policy is known, its minimum length
 * (in characters, not UTF-16 units), its character groups and its optional pattern. Without a policy (login,
 * current password) only required.
 */
export function passwordSchema(policy?: PasswordComplexity, required: Message = messages.passwordRequired()) {
  let schema = yup.string().required(required);
  if (!policy) return schema;
  const { minLength, minCharGroups, regExp } = policy;
  schema = schema
    .test('minLength', messages.passwordMinLength(minLength), (value) => !value || passwordLength(value) >= minLength)
    .test(
      'charGroups',
      minCharGroups >= 4 ? messages.passwordAllCharGroups() : messages.passwordCharGroups(minCharGroups),
      (value) => !value || charGroupCount(value) >= minCharGroups,
    );
  const pattern = regExp ? compilePattern(regExp) : undefined;
  if (pattern) schema = schema.test('regex', messages.passwordRegex(), (value) => !value || pattern.test(value));
  return schema;
}

/** A new password: the policy, and different from the current password in the sibling field `currentPasswordField`. */
export function newPasswordSchema(policy: PasswordComplexity | undefined, currentPasswordField = 'currentPassword') {
  return passwordSchema(policy).test('differs', messages.passwordSameAsOld(), function differs(value) {
    const current: unknown = (this.parent as Record<string, unknown> | undefined)?.[currentPasswordField];
    return !value || !current || value !== current;
  });
}

/** The retyped password: equal to the sibling field `passwordField`. */
export function retypePasswordSchema(passwordField = 'password') {
  return yup
    .string()
    .required(messages.passwordRequired())
    .test('matches', messages.retypeMismatch(), function matches(value) {
      const password: unknown = (this.parent as Record<string, unknown> | undefined)?.[passwordField];
      return !value || value === password;
    });
}

/** A checkbox that must be ticked: the terms of use (default message) or the preference centre's opt-in. */
export function consentSchema(missing: Message = messages.consentMissing()) {
  return yup.boolean().required(missing).isTrue(missing);
}

/** An e-mail address; `required` is the message when it is missing (login: the schema's, reset: global.email.required). */
export function emailSchema({ field = 'profile.email', required }: { field?: string; required?: Message } = {}) {
  const schema = yup.string().trim().email(messages.format(field));
  return required ? schema.test('required', required, hasValue) : schema;
}

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

/** The phone number of the profile (an empty one is left to the required rule). */
export function phoneSchema(field = 'profile.phones.number') {
  return yup.string().test('phone', messages.phoneFormat(field), (value) => !value || isValidPhoneNumber(value));
}

/** The year of birth: a whole number from 1900 to 2020, or a narrower range from the identity schema. */
export function birthYearSchema(min: number = BIRTH_YEAR_RANGE.min, max: number = BIRTH_YEAR_RANGE.max) {
  const outOfRange = messages.birthYearRange(min, max);
  return yup.number().transform(emptyToUndefined).typeError(outOfRange).integer(outOfRange).min(min, outOfRange).max(max, outOfRange);
}

/**
 * A first name: letters of any script (umlauts, accents, also as combining marks), with spaces, hyphens and
 * apostrophes between them, starting with a letter, at most 50 characters.
 */
export const FIRST_NAME = /^\p{L}[\p{L}\p{M} '’-]{0,49}$/u;

export function firstNameSchema(field = 'profile.firstName') {
  return yup.string().trim().matches(FIRST_NAME, { message: messages.firstNameFormat(field), excludeEmptyString: true });
}

/**
 * The postcode for the country in the sibling field `countryField`, by the rules of metadata `validation.zipCode`
 * (reusing `zipCodeRule`): the configured error message, which may be a message key or a text, or the generic
 * format message. Formik validates the whole form on every change, so the postcode is checked again when the
 * country changes.
 */
export function postcodeSchema(rules: Record<string, ZipCodeRule>, { field = 'profile.zip', countryField = 'country' } = {}) {
  return yup.string().when(countryField, ([country], schema: yup.StringSchema) => {
    if (!country) return schema;
    const rule = zipCodeRule(rules, String(country));
    const pattern = compilePattern(rule.regex);
    if (!pattern) return schema;
    const configured = rule.errorMessage && rule.errorMessage !== GENERIC_FORMAT_MESSAGE ? rule.errorMessage : undefined;
    const invalid = configured ? message(configured, configured) : messages.format(field);
    return schema.trim().matches(pattern, { message: invalid, excludeEmptyString: true });
  });
}
