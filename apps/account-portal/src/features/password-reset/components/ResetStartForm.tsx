import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { deferredSchema, FormError, message, messages, SubmitButton, TextField } from '@portal/forms';
import { Durations } from '@portal/identity';
import { unexpectedMessage } from '../../../shared/call-failure';
import type { EmailState } from '../../../shared/navigation';
import { useRequestPasswordReset } from '../api/request-password-reset';

interface ResetStartValues {
  email: string;
}

const MINUTE = 60_000;

/**
 * The e-mail address to send the reset link to; `onStarted` once the mail is on its way, with the address as the page
 * shows it: its domain as people write it (displayEmail), not the xn-- form the browser's e-mail field hands over (QA
 * wording round, 2026-11-30). The rule loads beside the request, not with the page (page weight).
 */
export function ResetStartForm({ onStarted }: { onStarted: (shownAddress: string) => void }) {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  // The address /registration found an account for, when its link brought the shopper here (EmailState).
  const state = useLocation().state as EmailState | null;
  const [initialValues] = useState<ResetStartValues>(() => ({ email: state?.email ?? '' }));
  // Reset start: e-mail required with global.email.required (spec 000 §5).
  const schema = useMemo(
    () => deferredSchema(({ emailSchema, formSchema }) => formSchema({ email: emailSchema({ required: messages.emailRequired() }) })),
    [],
  );

  const submit = async (values: ResetStartValues, helpers: FormikHelpers<ResetStartValues>) => {
    helpers.setStatus(undefined);
    const email = values.email.trim();
    const shown = import('../../../shared/email-display').then(
      ({ displayEmail }) => displayEmail(email),
      () => email,
    );
    const outcome = await request.mutateAsync(email);
    switch (outcome.kind) {
      case 'started':
        onStarted(await shown);
        return;
      case 'unknownEmail':
        // Field errors are message descriptors (libs/forms), which the field translates.
        helpers.setStatus({ fieldErrors: { errors: { email: message('clp.resetpassword.error.unknownEmail', 'There is no user with this username or e-mail.') }, values } });
        return;
      case 'wait':
        helpers.setStatus({
          formError: message('clp.resetpassword.error.wait', 'Please wait {minutes} minutes before you ask for another link.', {
            minutes: Durations.resetFrequency / MINUTE,
          }),
        });
        return;
      case 'invalid':
        helpers.setStatus({ formError: message('clp.form.error.validation', 'Please check your entries in the form.') });
        return;
      case 'unexpected':
        helpers.setStatus({ formError: unexpectedMessage(outcome.code) });
    }
  };

  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
      <Form className="form" noValidate>
        <TextField name="email" type="email" label={t('clp.form.email')} required autoComplete="username" autoCapitalize="off" spellCheck={false} />
        <FormError />
        <SubmitButton>{t('clp.resetpassword.start.submit')}</SubmitButton>
        <p>
          <Link to="/login">{t('clp.resetpassword.backToLogin')}</Link>
        </p>
      </Form>
    </Formik>
  );
}
