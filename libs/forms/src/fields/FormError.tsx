import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { toMessage, translateMessage, type Message } from '../messages';

/** Formik `status` the form components read: `setStatus({ formError })` after a failed save. */
export interface FormStatus {
  formError?: Message | string;
}

/**
 * The general error of a form, above the submit button (spec 000 §8: 400006 'Please check your entries in the
 * form.', spec 001 §8: `mpp.errors.{errorCode}.general`). It shows `message`, else formik's `status.formError`.
 * The live region stays in the page so that screen readers announce a message as soon as it appears.
 */
export function FormError({ message }: { message?: Message | string }) {
  const { t } = useTranslation();
  const { status } = useFormikContext<unknown>();
  const shown = toMessage(message ?? (status as FormStatus | undefined)?.formError);
  return (
    <div className="form-error" role="alert">
      {shown ? <p className="form-error__text">{translateMessage(t, shown)}</p> : null}
    </div>
  );
}
