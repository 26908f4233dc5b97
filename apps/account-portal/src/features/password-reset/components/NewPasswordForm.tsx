import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredSchema, FormError, message, messages, PasswordField, SubmitButton } from '@portal/forms';
import type { PasswordComplexity } from '@portal/identity';
import { unexpectedMessage } from '../../../shared/call-failure';
import { useCompletePasswordReset, type NewPasswordValues } from '../api/complete-password-reset';

const initialValues: NewPasswordValues = { password: '', retypePassword: '' };

export interface NewPasswordFormProps {
  token: string;
  /** The provider's policy (getPolicies). */
  passwordPolicy?: PasswordComplexity;
  onChanged: (password: string) => void;
  onLinkInvalid: () => void;
}

/** The new password and its retype, set with the token of the mail's link. */
export function NewPasswordForm({ token, passwordPolicy, onChanged, onLinkInvalid }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const complete = useCompletePasswordReset();
  const schema = useMemo(
    () =>
      deferredSchema(({ formSchema, passwordSchema, retypePasswordSchema }) =>
        formSchema({ password: passwordSchema(passwordPolicy), retypePassword: retypePasswordSchema('password') }),
      ),
    [passwordPolicy],
  );

  const submit = async (values: NewPasswordValues, helpers: FormikHelpers<NewPasswordValues>) => {
    helpers.setStatus(undefined);
    const outcome = await complete.mutateAsync({ token, password: values.password });
    switch (outcome.kind) {
      case 'changed':
        onChanged(values.password);
        return;
      case 'linkInvalid':
        onLinkInvalid();
        return;
      case 'samePassword':
        // At the new password, with the text /accessdata shows for it; the shopper chooses another one.
        helpers.setStatus({ fieldErrors: { errors: { password: messages.passwordSameAsOld() }, values } });
        return;
      case 'passwordRefused':
        helpers.setStatus({ fieldErrors: { errors: { password: outcome.message }, values } });
        return;
      case 'blocked':
        helpers.setStatus({ formError: message('clp.login.error.blocked', 'Your customer account is blocked.') });
        return;
      case 'unexpected':
        helpers.setStatus({ formError: unexpectedMessage(outcome.code) });
    }
  };

  const hint = passwordPolicy ? t('clp.registration.password.hint', { min: passwordPolicy.minLength }) : undefined;
  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
      <Form className="form" noValidate>
        <PasswordField name="password" label={t('clp.resetpassword.newpassword.label')} required hint={hint} autoComplete="new-password" />
        <PasswordField name="retypePassword" label={t('clp.resetpassword.retypepassword.label')} required autoComplete="new-password" />
        <FormError />
        <SubmitButton>{t('clp.resetpassword.submit')}</SubmitButton>
      </Form>
    </Formik>
  );
}
