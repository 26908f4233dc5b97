import { useFormikContext, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { RegistrationValues } from '../api/register-account';

/**
 * The passkey button of the passwordless widget on /registration: the e-mail address and the consent of the form
 * above, and a passkey instead of the password.
 */
export function PasskeyRegistration({
  onRegister,
}: {
  onRegister: (values: RegistrationValues, helpers: Pick<FormikHelpers<RegistrationValues>, 'setStatus'>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useFormikContext<RegistrationValues>();
  const [pending, setPending] = useState(false);
  const start = async () => {
    // The form's own rules for the address and the consent; the password is what the passkey replaces. Checked as a
    // submit checks (SubmitButton, FieldError): the focus goes to the first field in error, which reads its error, and
    // the status line says how many fields need attention. Shown outside a submit, each error was an alert cutting
    // off the one before, and the focus stayed here with the address's error scrolled out of view (QA). The errors
    // show in a render of their own within the submit, which is how FieldError tells them from those of a field left.
    flushSync(() => void form.setSubmitting(true));
    const errors = await form.validateForm();
    flushSync(() => {
      void form.setFieldTouched('email', true, false);
      void form.setFieldTouched('consent', true, false);
    });
    form.setSubmitting(false);
    if (errors.email || errors.consent) return;
    form.setFieldError('password', undefined);
    setPending(true);
    try {
      await onRegister(form.values, form);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <p className="passwordless__hint">{t('clp.passwordless.register.hint')}</p>
      {/* Not disabled while the browser asks for the passkey, which dropped the focus to the page (WCAG 2.4.3, QA): a second press is ignored. */}
      <button
        type="button"
        className="button button--secondary passwordless__button"
        aria-disabled={pending || form.isSubmitting || undefined}
        aria-busy={pending || undefined}
        onClick={() => !(pending || form.isSubmitting) && void start()}
      >
        {t('clp.passwordless.register')}
      </button>
    </>
  );
}
