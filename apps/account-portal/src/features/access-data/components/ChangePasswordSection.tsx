import { Form, Formik, type FormikHelpers } from 'formik';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { deferredSchema, FormError, PasswordField, SubmitButton } from '@portal/forms';
import { useIdentity, type PasswordComplexity } from '@portal/identity';
import { failureCode, unexpectedMessage } from '../../../shared/call-failure';
import type { LoginState } from '../../../shared/navigation';
import { useSuccessBanner } from '../../../shared/SuccessBanner';
import { useChangePassword } from '../api/login-details-mutations';
import { usePasskeys } from '../api/passkey-list';
import { askedAfterLogin, forgetAsked, LoginAgain } from './LoginAgain';

/** Spec 000 §4 and §9: after a password change the banner shows, then the shopper is logged out after 3 seconds. */
export const LOGOUT_AFTER_PASSWORD_CHANGE_MS = 3_000;

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  retypePassword: string;
}

const initialValues: PasswordValues = { currentPassword: '', newPassword: '', retypePassword: '' };

/** Change password: current, new, retype; the new one follows the policy and differs from the old one. */
export function ChangePasswordSection({ passwordPolicy }: { passwordPolicy?: PasswordComplexity }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { provider, sessionEndedHere, account } = useIdentity();
  const change = useChangePassword();
  const [changed, setChanged] = useState(false);
  const [loginAgain, setLoginAgain] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const success = useSuccessBanner(LOGOUT_AFTER_PASSWORD_CHANGE_MS + 2_000);
  // An account without a password (registered with a passkey) sets its first one: there is no current one to ask.
  const firstPassword = usePasskeys().data?.hasPassword === false;
  // Back from logging in again to set it (LoginAgain): the form takes the focus and says that it can be set now; the
  // values were not kept. The passkeys' actions are their section's, which loads later; any other is used or stale.
  const [asked] = useState(() => askedAfterLogin(account.UID));
  const resumed = asked?.kind === 'password' && firstPassword;
  const resumedId = useId();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (asked?.kind !== 'add' && asked?.kind !== 'remove') forgetAsked();
  }, [asked]);
  useEffect(() => {
    if (resumed) section.current?.querySelector('input')?.focus();
  }, [resumed]);
  const schema = useMemo(
    () =>
      deferredSchema(({ formSchema, newPasswordSchema, passwordSchema, retypePasswordSchema }) =>
        formSchema({
          ...(firstPassword ? {} : { currentPassword: passwordSchema() }),
          newPassword: newPasswordSchema(passwordPolicy, 'currentPassword'),
          retypePassword: retypePasswordSchema('newPassword'),
        }),
      ),
    [passwordPolicy, firstPassword],
  );

  useEffect(() => {
    if (!changed) return;
    const timer = setTimeout(() => {
      // The service has ended every session already; logging out here clears the client's state too. The login
      // page repeats why the shopper is there (the banner's words may have been cut off by the page change).
      const state: LoginState = { passwordChanged: true };
      void provider.logout().finally(() => navigate('/login', { replace: true, state }));
    }, LOGOUT_AFTER_PASSWORD_CHANGE_MS);
    return () => clearTimeout(timer);
  }, [changed, provider, navigate]);

  const submit = async (values: PasswordValues, helpers: FormikHelpers<PasswordValues>) => {
    helpers.setStatus(undefined);
    try {
      const outcome = await change.mutateAsync(values);
      if (outcome.kind === 'done') {
        // The service has ended every session of the account: the page says so first and logs out below.
        sessionEndedHere();
        success.show(t('ap.accessdata.password.changed'));
        setChanged(true);
        // The button the shopper pressed is disabled now and would drop the keyboard to the page's start.
        heading.current?.focus();
        return;
      }
      if (outcome.kind === 'recentLogin') setLoginAgain(true);
      else helpers.setStatus({ fieldErrors: { errors: { [outcome.field]: outcome.message }, values } });
    } catch (error) {
      helpers.setStatus({ formError: unexpectedMessage(failureCode(error)) });
    }
  };

  return (
    <section ref={section} className="panel access-section" aria-labelledby="change-password-heading">
      <h2 id="change-password-heading" ref={heading} tabIndex={-1}>{t(firstPassword ? 'ap.accessdata.password.first.headline' : 'ap.accessdata.password.headline')}</h2>
      {firstPassword ? <p>{t('ap.accessdata.password.first.intro')}</p> : null}
      {resumed && !loginAgain ? <p id={resumedId}>{t('ap.accessdata.password.first.resumed')}</p> : null}
      {success.banner}
      {loginAgain ? (
        <LoginAgain asked={{ kind: 'password' }} />
      ) : (
        <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
          <Form className="form" noValidate>
            {firstPassword ? null : <PasswordField name="currentPassword" label={t('ap.accessdata.currentPassword')} required autoComplete="current-password" />}
            <PasswordField
              name="newPassword"
              label={t('ap.accessdata.password.new')}
              required
              autoComplete="new-password"
              aria-describedby={resumed ? resumedId : undefined}
              hint={passwordPolicy ? t('clp.registration.password.hint', { min: passwordPolicy.minLength }) : undefined}
            />
            <PasswordField name="retypePassword" label={t('ap.accessdata.password.retype')} required autoComplete="new-password" />
            <FormError />
            <SubmitButton disabled={changed}>{t(firstPassword ? 'ap.accessdata.password.first.submit' : 'ap.accessdata.password.submit')}</SubmitButton>
          </Form>
        </Formik>
      )}
    </section>
  );
}
