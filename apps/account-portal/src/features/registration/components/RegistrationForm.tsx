import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSite } from '@portal/cms';
import { deferredSchema, FormError, message, messages, PasswordField, SubmitButton, TextField, useFieldError } from '@portal/forms';
import { useIdentity, type LegalStatement, type PasswordComplexity } from '@portal/identity';
import { failureCode, unexpectedMessage } from '../../../shared/call-failure';
import { ConsentField } from '../../../shared/ConsentField';
import { consentMissingMessage, marketConsentId } from '../../../shared/identity-settings';
import type { EmailState, FinalizeState } from '../../../shared/navigation';
import { CAME_FROM_REGISTRATION } from '../../../shared/registration-confirmation';
import { readRegSource } from '../../../shared/startup';
import { Passwordless } from '../../../shared/Passwordless';
import { UnverifiedRegistration } from '../../../shared/UnverifiedRegistration';
import { registerAccount, type RegistrationValues } from '../api/register-account';
import type { PasskeyRegistrationOutcome } from '../api/register-with-passkey';
import { PasskeyRegistration } from './PasskeyRegistration';
import { afterLoginPath } from '../../../shared/single-sign-on';

type OutcomeHelpers = Pick<FormikHelpers<RegistrationValues>, 'setStatus'>;

const initialValues: RegistrationValues = { email: '', password: '', consent: false };

// Spec 000 §8, 400009: the address has an account; the text asks to log in or to use "forgot password". The e-mail
// field's error, which the refused submit puts the focus on, as on any other error of a field (SubmitButton): as the
// form's general alert, the focus stayed where it was and the field it speaks of was neither marked nor described by
// it (QA, 2026-12-01).
const ACCOUNT_EXISTS = message('clp.registration.register.error.account.exists', 'An account with this e-mail address already exists.');

// 400125, the provider's limits on this connection (QA round of 2026-11-30: "An unexpected error has occurred
// (400125)"). The passkey login's start says it with the same key (PasskeyLoginMessage), which /login loads with the
// texts of the later pages; this message with its English words lives here, since in shared/ it would join the chunk
// /login and the account pages load, past /login's budget (page weight).
const TOO_MANY_REQUESTS = message('clp.error.tooManyRequests', 'Too many attempts from this connection. Please try again later.');

/**
 * The two ways on the account-exists text names, as links (QA: it named them and linked to neither), right after the
 * e-mail field while that is its error: the next stops of Tab from the field the refused submit put the focus on.
 */
function AccountExistsLinks({ existing }: { existing: EmailState | undefined }) {
  const { t } = useTranslation();
  if (useFieldError('email') !== ACCOUNT_EXISTS) return null;
  return (
    <p>
      <Link to="/login" state={existing}>
        {t('global.button.login')}
      </Link>
      {' · '}
      <Link to="/login/reset-password/start" state={existing}>
        {t('clp.login.forgotPassword')}
      </Link>
    </p>
  );
}

export interface RegistrationFormProps {
  passwordPolicy?: PasswordComplexity;
  consent: Record<string, { legalStatements: Record<string, LegalStatement> }>;
}

/** E-mail, password and the terms of use; registers through the identity provider. */
export function RegistrationForm({ passwordPolicy, consent }: RegistrationFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language, metadata } = useSite();
  const germany = metadata.countryGermany;
  const { provider, setRegistration } = useIdentity();
  const schema = useMemo(
    () =>
      deferredSchema(({ consentSchema, emailSchema, formSchema, passwordSchema }) =>
        formSchema({
          email: emailSchema({ required: messages.required('profile.email') }),
          password: passwordSchema(passwordPolicy),
          consent: consentSchema(consentMissingMessage(marketConsentId(germany))),
        }),
      ),
    [passwordPolicy, germany],
  );

  // What the vendor's passwordless widget made for this registration (cdc with metadata ownId); sent with register.
  const ownIdData = useRef<unknown>(undefined);
  // The address whose registration waits for its confirmation, as the last submit found it (its resend panel).
  const [unverified, setUnverified] = useState<string>();
  // The address the last submit found an account for: the account-exists text's links open the login and the reset
  // with it filled in (EmailState: in the navigation state, not the URL).
  const [existing, setExisting] = useState<EmailState>();
  // The page's tag with its country (nl-BE): the mails' links open the shopper's country's pages (QA).
  const options = () => ({ lang: language, regSource: readRegSource(), consentId: marketConsentId(germany), ownIdData: ownIdData.current });

  const submit = async (values: RegistrationValues, helpers: FormikHelpers<RegistrationValues>) => {
    helpers.setStatus(undefined);
    setUnverified(undefined);
    let outcome;
    try {
      outcome = await registerAccount(provider, { ...values, email: values.email.trim() }, options());
    } catch (error) {
      outcome = { kind: 'unexpected' as const, code: failureCode(error) };
    }
    react(outcome, values, helpers);
  };

  const registerPasskey = async (values: RegistrationValues, helpers: OutcomeHelpers) => {
    helpers.setStatus(undefined);
    setUnverified(undefined);
    let outcome: PasskeyRegistrationOutcome;
    try {
      // The passkey registration and the browser's part of its ceremony load once a passkey is asked for, not with
      // the page (its WebAuthn library loaded only then before too): 0.8 KB off /registration, which was at its
      // 150 KB with no room for the text of 400125 (2026-11-30). A load that fails is an unexpected outcome, as a
      // call that does.
      const { registerWithPasskey } = await import('../api/register-with-passkey');
      outcome = await registerWithPasskey(provider, values.email.trim(), options());
    } catch (error) {
      outcome = { kind: 'unexpected', code: failureCode(error) };
    }
    react(outcome, values, helpers);
  };

  const react = (outcome: PasskeyRegistrationOutcome, values: RegistrationValues, helpers: OutcomeHelpers) => {
    switch (outcome.kind) {
      case 'loggedIn':
        navigate(afterLoginPath(), { replace: true });
        return;
      case 'confirmEmail':
        navigate('/registration/confirmation', { state: CAME_FROM_REGISTRATION });
        return;
      case 'finalize': {
        setRegistration(outcome.regToken);
        const state: FinalizeState = { origin: outcome.origin, regToken: outcome.regToken };
        navigate('/registration/finalize', { state });
        return;
      }
      case 'unverified':
        setUnverified(values.email.trim());
        return;
      case 'accountExists':
        setExisting({ email: values.email.trim() });
        helpers.setStatus({ fieldErrors: { errors: { email: ACCOUNT_EXISTS }, values } });
        return;
      case 'fieldErrors':
        helpers.setStatus({ fieldErrors: { errors: outcome.errors, values } });
        return;
      case 'invalid':
        helpers.setStatus({ formError: message('clp.form.error.validation', 'Please check your entries in the form.') });
        return;
      case 'tooManyRequests':
        helpers.setStatus({ formError: TOO_MANY_REQUESTS });
        return;
      case 'unexpected':
        helpers.setStatus({ formError: unexpectedMessage(outcome.code) });
        return;
      case 'ceremony':
        helpers.setStatus({
          formError:
            outcome.failure === 'cancelled'
              ? message('clp.passwordless.register.cancelled', 'No passkey was created.')
              : message('clp.passwordless.error.unsupported', 'This browser does not support passkeys.'),
        });
    }
  };

  const hint = passwordPolicy ? t('clp.registration.password.hint', { min: passwordPolicy.minLength }) : undefined;
  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
      <Form className="form" noValidate>
        <TextField name="email" type="email" label={t('clp.form.email')} required autoComplete="email" autoCapitalize="off" spellCheck={false} />
        <AccountExistsLinks existing={existing} />
        <PasswordField name="password" label={t('clp.form.password')} required hint={hint} autoComplete="new-password" />
        <ConsentField consent={consent} />
        <FormError />
        {unverified ? <UnverifiedRegistration target={{ email: unverified }} /> : null}
        <SubmitButton>{t('clp.registration.submit')}</SubmitButton>
        <Passwordless
          kind="registration"
          passkeys={<PasskeyRegistration onRegister={registerPasskey} />}
          ownId={{ onRegister: (data) => (ownIdData.current = data) }}
        />
        <p>
          {t('clp.registration.haveAccount')} <Link to="/login">{t('clp.tabs.login')}</Link>
        </p>
      </Form>
    </Formik>
  );
}
