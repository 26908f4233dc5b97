import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { deferredSchema, FormError, PasswordField, SubmitButton, TextField } from '@portal/forms';
import { useIdentity } from '@portal/identity';
import { forgetLinkingRegToken } from '../../../shared/SocialLogin';
import type { LoginOutcome } from '../../../shared/login-outcome';
import { LoginOutcomeMessage } from '../../../shared/LoginOutcomeMessage';
import type { FinalizeState } from '../../../shared/navigation';
import { useLinkAccounts } from '../api/link-accounts';
import { afterLoginPath } from '../../../shared/single-sign-on';

interface PasswordValues {
  loginID: string;
  password: string;
}

export interface LinkWithPasswordFormProps {
  loginID: string;
  regToken: string;
  /** The answer ended the linking: the token no longer valid, or (`unverified`) linked, the e-mail to confirm. */
  onLinkEnded: (unverified?: { regToken?: string }) => void;
}

/** The existing account's e-mail (read-only) and its password, which proves the owner before anything is linked. */
export function LinkWithPasswordForm({ loginID, regToken, onLinkEnded }: LinkWithPasswordFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { setRegistration } = useIdentity();
  const link = useLinkAccounts();
  const [refused, setRefused] = useState<LoginOutcome>();
  const schema = useMemo(() => deferredSchema(({ formSchema, passwordSchema }) => formSchema({ password: passwordSchema() })), []);

  const submit = async (values: PasswordValues) => {
    setRefused(undefined);
    const outcome = await link.mutateAsync({ loginID, password: values.password, regToken });
    switch (outcome.kind) {
      case 'loggedIn':
        forgetLinkingRegToken();
        navigate(afterLoginPath(), { replace: true });
        return;
      case 'linkExpired':
      case 'linkAccounts':
        // The token is spent or no longer this account's (another account took the identity meanwhile).
        onLinkEnded();
        return;
      case 'finalize': {
        // The account must finish its registration first (e.g. changed terms); the identity is linked already.
        forgetLinkingRegToken();
        setRegistration(outcome.regToken);
        const state: FinalizeState = { origin: 'siteLogin', regToken: outcome.regToken };
        navigate('/registration/finalize', { state });
        return;
      }
      case 'unverified':
        // The password linked the identity; the account's mail goes to its address.
        onLinkEnded({});
        return;
      default:
        setRefused(outcome);
    }
  };

  return (
    <Formik initialValues={{ loginID, password: '' }} validationSchema={schema} onSubmit={submit}>
      <Form className="form" noValidate>
        <TextField name="loginID" type="email" label={t('clp.form.email')} readOnly autoComplete="username" />
        <PasswordField name="password" label={t('clp.form.password')} required autoComplete="current-password" />
        {/* The form's own error (its rules did not load: no connection); empty, it takes no room. */}
        <FormError />
        <div className="form-error" role="alert">
          {refused ? <LoginOutcomeMessage outcome={refused} /> : null}
        </div>
        {/* A new submit takes the last refusal down, also when the form's own check stops it (QA). */}
        <SubmitButton onClick={() => setRefused(undefined)}>{t('clp.linkaccounts.submit')}</SubmitButton>
      </Form>
    </Formik>
  );
}
