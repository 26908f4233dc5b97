import { useMutation } from '@tanstack/react-query';
import type { FormikErrors, FormikHelpers } from 'formik';
import type { TFunction } from 'i18next';
import { message, SALUTATIONS, type MapValidationErrorsOptions, type Message, type SelectOption } from '@portal/forms';
import { useIdentity, type AccountState, type GetAccountInfoResponse, type SetAccountInfoParams } from '@portal/identity';
import { failureCode, unexpectedMessage } from './call-failure';

/**
 * The save itself (account-save-call.ts: the write, its answer, the check that the session is the page's account),
 * loaded with the first save rather than with the page: the address pages and /personaldata had no bytes to spare in
 * their first load (2026-11-30), and a save whose code does not load fails as one without a connection does
 * (failureCode: `network`), as /accessdata's calls do (login-details-mutations.ts).
 */
const loadSave = () => import('./account-save-call');

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
  const identity = useIdentity();
  const { provider, account, refreshAfterSave } = identity;
  return useMutation({
    mutationFn: async (values: Values) => {
      const { saveAccountInfo, shownAccountSession } = await loadSave();
      const outcome = await saveAccountInfo<Values>(provider, (stored) => update(values, account, stored), values, fields, shownAccountSession(identity));
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
