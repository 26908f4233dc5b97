/**
 * Message descriptors and the few messages the login form needs. The full catalogue is in messages.ts; pages
 * that need only these (the login, within its page weight budget) do not load the catalogue's texts.
 */
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

/** `gigya.schema.{field}.required.error`, then the generic 'Please enter a value.' (also `messages.required`) */
export function requiredMessage(field: string): Message {
  return message([`gigya.schema.${field}.required.error`, 'global.validation.required'], GENERIC_REQUIRED_TEXT);
}

/** `gigya.schema.{field}`, then the generic format text (also `messages.format`). */
export function formatMessage(field: string): Message {
  return message([`gigya.schema.${field}`, 'global.validation.format'], GENERIC_FORMAT_MESSAGE);
}

/** The password is required (also `messages.passwordRequired`). */
export function passwordRequiredMessage(): Message {
  return message('global.password.required', 'Please enter your password.');
}
