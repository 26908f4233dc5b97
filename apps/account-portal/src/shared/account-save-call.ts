import { getIn, type FormikErrors } from 'formik';
import { mapValidationErrors, type MapValidationErrorsOptions } from '@portal/forms';
import { isInvalidParameter, isSuccess, isUnauthorized, isValidationError, type Envelope, type GetAccountInfoResponse, type IdentityProvider } from '@portal/identity';
import type { AccountChange, SaveOutcome } from './account-save';
import { withoutSessionCheck, type ShownAccountSession } from './shown-account-session';

export { shownAccountSession } from './shown-account-session';

/**
 * setAccountInfo with the session, the change built on the account as the session's look-up read it (`update`);
 * server validation errors land on the form's fields (`ap.errors.{field}.{code}`). Refused input that names no field
 * of the form (400006, or 400009 on a field the form does not show) gets the general form text (spec 000 §8), never
 * silence.
 */
export async function saveAccountInfo<Values extends object>(
  provider: IdentityProvider,
  update: (stored: GetAccountInfoResponse) => AccountChange,
  values: Values,
  fields?: MapValidationErrorsOptions,
  asShown: ShownAccountSession = withoutSessionCheck,
): Promise<SaveOutcome<Values>> {
  const answer = await asShown(async (stored): Promise<SaveOutcome<Values> | Envelope> => {
    const change = update(stored);
    if ('refused' in change) return { kind: 'refused', message: change.refused };
    const written = await provider.setAccountInfo(change);
    return isSuccess(written) ? { kind: 'saved', change } : written;
  });
  if ('kind' in answer) return answer;
  if (isValidationError(answer)) {
    const errors = onForm(mapValidationErrors<Values>(answer.validationErrors, fields), values);
    return Object.keys(errors).length > 0 ? { kind: 'fieldErrors', errors } : { kind: 'invalid' };
  }
  if (isInvalidParameter(answer)) return { kind: 'invalid' };
  // The session ended elsewhere (another tab's logout, the idle timeout): useIdentity's provider has logged the
  // shopper out in client state, and the page's login guard sends them to the login and back here.
  if (isUnauthorized(answer)) return { kind: 'sessionLost' };
  return { kind: 'failed', code: answer.errorCode };
}

/** The errors whose field the form has; formik would keep the others where nobody sees them. */
function onForm<Values extends object>(errors: FormikErrors<Values>, values: Values, prefix = ''): FormikErrors<Values> {
  // Arrays stay arrays (the phone numbers), as formik's own errors are shaped like the values.
  const kept: Record<string, unknown> = Array.isArray(errors) ? ([] as unknown as Record<string, unknown>) : {};
  for (const [key, error] of Object.entries(errors as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (getIn(values, path) === undefined) continue;
    const nested = error && typeof error === 'object' && !('fallback' in error) ? onForm(error as FormikErrors<Values>, values, path) : error;
    if (typeof nested !== 'object' || nested === null || Object.keys(nested).length > 0) kept[key] = nested;
  }
  return kept as FormikErrors<Values>;
}

