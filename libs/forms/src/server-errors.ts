import { setIn, type FormikErrors } from 'formik';
import { message, type Message } from './messages';

/** One entry of the provider's `validationErrors`. */
export interface ServerValidationError {
  fieldName: string;
  errorCode: number | string;
  message: string;
}

/** The account portal's personal data page: `ap.errors.{fieldName}.{errorCode}` (spec 000 §5). */
export const ACCOUNT_PORTAL_ERROR_KEYS = 'ap.errors.{fieldName}.{errorCode}';
/** The preference centre: `mpp.errors.{errorCode}.{fieldName}` (spec 001 §5). */
export const PREFERENCE_CENTRE_ERROR_KEYS = 'mpp.errors.{errorCode}.{fieldName}';

export interface MapValidationErrorsOptions {
  /**
   * The message key of one error, with the placeholders `{fieldName}` (as the server names the field,
   * `profile.firstName`) and `{errorCode}`; `ACCOUNT_PORTAL_ERROR_KEYS` or `PREFERENCE_CENTRE_ERROR_KEYS`.
   */
  keyPattern?: string;
  /**
   * Shorthand for the pattern `{keyPrefix}.{fieldName}.{errorCode}`, used when no `keyPattern` is given; without
   * either, the account portal's `ap.errors.{fieldName}.{errorCode}`.
   */
  keyPrefix?: string;
  /**
   * The form path an error belongs to; undefined drops it (a field the form does not show). The default maps
   * every phone field to the first phone entry and keeps every other name.
   */
  fieldPath?: (fieldName: string) => string | undefined;
  /**
   * The values of the messages' placeholders: the phone's refusal names the example number of the site's country
   * (`{example}`), the one the field's hint and the form's own check name (accountFieldErrorOptions in the account portal).
   * A function gives each field its own, by the name the server gives it: the address's house number has a limit
   * (`{max}`) of its own (QA, 2026-12-01: its refusal named the 200 characters of the address's other texts).
   */
  values?: Readonly<Record<string, string | number>> | ((fieldName: string) => Readonly<Record<string, string | number>>);
}

/** Phone fields (`profile.phones.number`, `profile.phones.type`, `profile.phones[1].number`) show at the first entry's number. */
export function defaultFieldPath(fieldName: string): string {
  return /^profile\.phones($|[.[])/.test(fieldName) ? 'profile.phones.0.number' : fieldName;
}

/**
 * The message of one server error: the pattern's key, falling back to the server's own message. The key names the
 * field without a list index (`profile.phones[1].number` is `profile.phones.number`): the texts are per field, not
 * per entry (QA: a second phone entry's error showed the server's English words).
 */
export function serverErrorMessage(error: ServerValidationError, keyPattern: string, values?: Readonly<Record<string, string | number>>): Message {
  const field = error.fieldName.replace(/\[\d+\]|\.\d+(?=\.|$)/g, '');
  const key = keyPattern.replaceAll('{fieldName}', field).replaceAll('{errorCode}', String(error.errorCode));
  return message(key, error.message, values);
}

/**
 * Maps the server's `validationErrors` onto the form's fields, shaped like its values (`FormStatus.fieldErrors`); each
 * error is a message descriptor the field components translate. The first error of a field wins.
 */
export function mapValidationErrors<Values = Record<string, unknown>>(
  errors: readonly ServerValidationError[] | undefined,
  { keyPattern, keyPrefix, fieldPath = defaultFieldPath, values }: MapValidationErrorsOptions = {},
): FormikErrors<Values> {
  const pattern = keyPattern ?? (keyPrefix ? `${keyPrefix}.{fieldName}.{errorCode}` : ACCOUNT_PORTAL_ERROR_KEYS);
  let result: object = {};
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    const path = fieldPath(error.fieldName);
    if (!path || seen.has(path)) continue;
    seen.add(path);
    result = setIn(result, path, serverErrorMessage(error, pattern, typeof values === 'function' ? values(error.fieldName) : values));
  }
  return result as FormikErrors<Values>;
}

/** What an identity provider error carries (identity contract, Envelope). */
export interface IdentityErrorLike {
  errorCode: number;
  errorDetails?: string;
  errorMessage?: string;
}

/**
 * The text of an identity provider error in spec 001 §8's lookup order: `cdc.errorcode.{code}`, then
 * `cdc.errorcode.{code}.{detailsCode}`, then that key with the field as suffix; falling back to
 * '{code} {details}'. The details count as a code (`100001`, `REGISTRATION_UNVERIFIED`) only when they are one
 * word; prose details ("Validation failed") only appear in the fallback. `leading` keys are tried first (e.g. the
 * preference centre's `mpp.errors.{code}.general`), and `fallback` replaces the default one (that message falls
 * back to the error details, spec 001 §8).
 */
export function identityErrorMessage(
  error: IdentityErrorLike,
  options: { field?: string; leading?: readonly string[]; fallback?: string } = {},
): Message {
  const code = String(error.errorCode);
  const details = error.errorDetails?.trim() ?? '';
  const detailsCode = /^[A-Za-z0-9_-]+$/.test(details) ? details : '';
  const keys = [...(options.leading ?? []), `cdc.errorcode.${code}`];
  if (detailsCode) keys.push(`cdc.errorcode.${code}.${detailsCode}`);
  if (options.field) keys.push(detailsCode ? `cdc.errorcode.${code}.${detailsCode}.${options.field}` : `cdc.errorcode.${code}.${options.field}`);
  return message(keys, options.fallback || [code, details || error.errorMessage || ''].filter(Boolean).join(' '));
}
