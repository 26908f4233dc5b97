import { useMutation } from '@tanstack/react-query';
import { getIn, type FormikErrors, type FormikHelpers } from 'formik';
import type { TFunction } from 'i18next';
import { mapValidationErrors, message, SALUTATIONS, type MapValidationErrorsOptions, type Message, type SelectOption } from '@portal/forms';
import {
  isInvalidParameter,
  isSuccess,
  isUnauthorized,
  isValidationError,
  useIdentity,
  type AccountState,
  type Envelope,
  type GetAccountInfoResponse,
  type IdentityProvider,
  type SetAccountInfoParams,
} from '@portal/identity';
import { failureCode, unexpectedMessage } from './call-failure';
import { useShownAccountSession, withoutSessionCheck, type ShownAccountSession } from './shown-account-session';

/**
 * What saving an account form came to: saved (with the change written), errors to show on the form's fields, refused
 * input without a field of the form to show it on, values the account as stored now takes no more (`refused`, with
 * the form's text), a session that ended meanwhile, or a failure with its code.
 */
export type SaveOutcome<Values> =
  | { kind: 'saved'; change: SetAccountInfoParams }
  | { kind: 'sessionLost' }
  | { kind: 'fieldErrors'; errors: FormikErrors<Values> }
  | { kind: 'invalid' }
  | { kind: 'refused'; message: Message }
  | { kind: 'failed'; code: number | string };

/** A form's change, or why its values are not written onto the account as stored now. */
export type AccountChange = SetAccountInfoParams | { refused: Message };

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

/**
 * An account form's save as a mutation: `update` turns the form's values into the change, given the account the page
 * shows and the account as stored just before the save (the session's look-up), and the account is read again after
 * a save, so every page shows the new values. A save stays saved when that read gets no answer (the phone's
 * connection dropped right after it): refreshAfterSave holds the change and reads the account later; the account
 * store's refresh took no answer for a logged-out visitor, and the shopper found the login instead of the banner of
 * a change that was saved (QA phone round).
 */
export function useAccountSave<Values extends object>(
  update: (values: Values, account: AccountState, stored: GetAccountInfoResponse) => AccountChange,
  fields?: MapValidationErrorsOptions,
) {
  const { provider, account, refreshAfterSave } = useIdentity();
  const asShown = useShownAccountSession();
  return useMutation({
    mutationFn: async (values: Values) => {
      const outcome = await saveAccountInfo<Values>(provider, (stored) => update(values, account, stored), values, fields, asShown);
      if (outcome.kind === 'saved') await refreshAfterSave(outcome.change);
      // What the change was refused for (another tab's save) is stored, and the session was just seen alive, as after
      // a save: the pages show it, the overview the address to change.
      else if (outcome.kind === 'refused') await refreshAfterSave({});
      return outcome;
    },
  });
}

/**
 * formik's onSubmit for an account form: field errors on their fields, anything else above the button with its code.
 * The banner of the page's previous save is down by now: it goes with any submit of the form (useSuccessBanner),
 * also one the form's own check stops before it gets here.
 */
export function submitSave<Values>(save: (values: Values) => Promise<SaveOutcome<Values>>, onSaved: () => void) {
  return async (values: Values, helpers: FormikHelpers<Values>) => {
    helpers.setStatus(undefined);
    try {
      const outcome = await save(values);
      if (outcome.kind === 'saved') onSaved();
      else if (outcome.kind === 'fieldErrors') helpers.setStatus({ fieldErrors: { errors: outcome.errors, values } });
      else if (outcome.kind === 'sessionLost') return;
      else if (outcome.kind === 'refused') helpers.setStatus({ formError: outcome.message });
      else if (outcome.kind === 'invalid') helpers.setStatus({ formError: message('clp.form.error.validation', 'Please check your entries in the form.') });
      else helpers.setStatus({ formError: unexpectedMessage(outcome.code) });
    } catch (error) {
      helpers.setStatus({ formError: unexpectedMessage(failureCode(error)) });
    }
  };
}

/**
 * The salutations (mr shown as male, mrs as female, div as divers: spec 000 §3, §9), in the order the preference
 * centre offers them too (SALUTATIONS), as a select's options, for the salutation field of the account
 * (account-fields.tsx) and of the address. Here, in the save kit both pages load, rather than a module of its own: a
 * chunk of its own cost the address pages 0.1 KB more than its code.
 */
export function salutationOptions(t: TFunction): SelectOption[] {
  return SALUTATIONS.map((value) => ({ value, label: t(`ap.salutation.${value}`) }));
}
