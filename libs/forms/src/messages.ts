import type { TFunction } from 'i18next';

/**
 * What a validation rule or the server says about a field, before it is translated: the message keys to try
 * (most specific first), the text shown when no key is known, and the values of its `{0}`/`{name}` placeholders.
 * Validation produces these instead of final strings, so a language switch re-renders the error in the new
 * language.
 */
// A type rather than an interface, so that yup takes it as a message object.
export type Message = {
  key: string | readonly string[];
  fallback: string;
  values?: Readonly<Record<string, string | number>>;
};

/** Builds a message descriptor. */
export function message(key: string | readonly string[], fallback: string, values?: Record<string, string | number>): Message {
  return values ? { key, fallback, values } : { key, fallback };
}

/** Whether a formik error leaf is a message descriptor. */
export function isMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { key, fallback } = value as Record<string, unknown>;
  return typeof fallback === 'string' && (typeof key === 'string' || (Array.isArray(key) && key.every((k) => typeof k === 'string')));
}

/**
 * The message of a formik error leaf: a descriptor as it is, a plain string (from code outside this library) as
 * its own key and text, anything else (no error, or a nested error object) as undefined.
 */
export function toMessage(error: unknown): Message | undefined {
  if (isMessage(error)) return error;
  if (typeof error === 'string' && error !== '') return { key: error, fallback: error };
  return undefined;
}

/** The text of a message in the current language: the first known key, else the fallback, placeholders filled. */
export function translateMessage(t: TFunction, error: Message | string): string {
  const { key, fallback, values } = toMessage(error) ?? { key: '', fallback: '' };
  const keys = typeof key === 'string' ? [key] : [...key];
  return t(keys, { ...values, defaultValue: fallback }) as string;
}

/** The generic format message of spec 000 §5, used when a country's rule has no message of its own. */
export const GENERIC_FORMAT_MESSAGE = 'The specified value does not correspond to the expected format.';

/** The generic required text of spec 000 §5 (the format text is `GENERIC_FORMAT_MESSAGE`). */
export const GENERIC_REQUIRED_TEXT = 'Please enter a value.';

/**
 * The product's validation messages with the spec's keys and fallback texts (spec 000 §5, spec 001 §5).
 * `{field}` is the dotted account field (`profile.firstName`, `profile.phones.number`) as the identity schema
 * and the server's `validationErrors` name it.
 */
export const messages = {
  /** `gigya.schema.{field}.required.error`, then the generic 'Please enter a value.' */
  required: (field: string) => message([`gigya.schema.${field}.required.error`, 'global.validation.required'], GENERIC_REQUIRED_TEXT),
  /** `gigya.schema.{field}`, then the generic format text. */
  format: (field: string) => message([`gigya.schema.${field}`, 'global.validation.format'], GENERIC_FORMAT_MESSAGE),
  emailRequired: () => message('global.email.required', 'Please enter your e-mail address.'),
  passwordRequired: () => message('global.password.required', 'Please enter your password.'),
  passwordMinLength: (minLength: number) =>
    message('global.passwordcomplexity.error.minlength', 'The password must be at least {0} characters long.', { 0: minLength }),
  /** All four groups asked for: the spec's wording. */
  passwordAllCharGroups: () =>
    message(
      'global.passwordcomplexity.error.chargroups.all',
      'The password must contain numbers, upper and lower case letters and special characters.',
    ),
  passwordCharGroups: (minCharGroups: number) =>
    message(
      'global.passwordcomplexity.error.chargroups',
      'The password must contain characters from at least {0} of these groups: lower case letters, upper case letters, numbers, special characters.',
      { 0: minCharGroups },
    ),
  passwordRegex: () => message('global.passwordcomplexity.error.regex', 'The password does not meet the requirements.'),
  passwordSameAsOld: () => message('global.password.error.same', 'The new password must be different from the old one.'),
  retypeMismatch: () => message('clp.resetpassword.retypepassword.mismatch', "The passwords you entered don't match."),
  consentMissing: () => message('clp.registration.iconsent.missing', 'Please agree to the terms and conditions of use.'),
  birthYearRange: (min: number, max: number) =>
    message('global.birthyear.error.range', 'The year of birth must be between {min} and {max}.', { min, max }),
  phoneFormat: (field = 'profile.phones.number') =>
    message(
      [`gigya.schema.${field}`, 'global.phone.error.format'],
      'Please enter the phone number with a plus sign, country code and digits, e.g. +4912345678.',
    ),
  firstNameFormat: (field = 'profile.firstName') =>
    message(
      [`gigya.schema.${field}`, 'global.firstname.error.format'],
      'Please enter a first name made of letters; spaces, hyphens and apostrophes are allowed.',
    ),
} as const;
