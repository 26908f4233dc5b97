import { getIn, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { FORM_ERROR } from '../deferred-schema';
import { toMessage, translateMessage, type Message } from '../messages';

/** Formik `status` the form components read: `setStatus({ formError, fieldErrors })` after a failed save. */
export interface FormStatus {
  formError?: Message | string;
  /**
   * The server's errors of single fields (mapValidationErrors), with the values it judged. They stand here rather
   * than in formik's errors, which the form's own check replaces on the next change or blur: the store the server
   * refused lost its error, the general message still asking to check the marked entries, as the shopper opened the
   * language menu (QA). Each shows until its field's value differs from the one judged; the next submit clears them
   * with the status.
   */
  fieldErrors?: { errors: object; values: unknown };
}

/**
 * The general error of a form: `message` when given, else formik's `status.formError` (a failed save), else the
 * error of the form as a whole its check found (`FORM_ERROR`: its rules did not load).
 */
function useFormError(message?: Message | string): Message | undefined {
  const { status, errors } = useFormikContext<unknown>();
  return toMessage(message ?? (status as FormStatus | undefined)?.formError ?? getIn(errors, FORM_ERROR));
}

/**
 * The general error of a form, above the submit button (spec 000 §8: 400006 'Please check your entries in the
 * form.', spec 001 §8: `mpp.errors.{errorCode}.general`): see useFormError. The live region stays in the page so
 * that screen readers announce a message as soon as it appears.
 */
export function FormError({ message }: { message?: Message | string }) {
  const { t } = useTranslation();
  const shown = useFormError(message);
  return (
    <div className="form-error" role="alert">
      {shown ? <p className="form-error__text">{translateMessage(t, shown)}</p> : null}
    </div>
  );
}
