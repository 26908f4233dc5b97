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
}

/** Phone fields (`profile.phones.number`, `profile.phones.type`, `profile.phones[1].number`) show at the first entry's number. */
export function defaultFieldPath(fieldName: string): string {
  return /^profile\.phones($|[.[])/.test(fieldName) ? 'profile.phones.0.number' : fieldName;
}

/** The message of one server error: the pattern's key, falling back to the server's own message. */
export function serverErrorMessage(error: ServerValidationError, keyPattern: string): Message {
  const key = keyPattern.replaceAll('{fieldName}', error.fieldName).replaceAll('{errorCode}', String(error.errorCode));
  return message(key, error.message);
}

/**
 * Maps the server's `validationErrors` onto the form's fields, in the shape formik's `setErrors` takes; each
 * error is a message descriptor the field components translate. The first error of a field wins.
 */
export function mapValidationErrors<Values = Record<string, unknown>>(
  errors: readonly ServerValidationError[] | undefined,
  { keyPattern, keyPrefix, fieldPath = defaultFieldPath }: MapValidationErrorsOptions = {},
): FormikErrors<Values> {
  const pattern = keyPattern ?? (keyPrefix ? `${keyPrefix}.{fieldName}.{errorCode}` : ACCOUNT_PORTAL_ERROR_KEYS);
  let result: object = {};
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    const path = fieldPath(error.fieldName);
    if (!path || seen.has(path)) continue;
    seen.add(path);
    result = setIn(result, path, serverErrorMessage(error, pattern));
  }
  return result as FormikErrors<Values>;
}
