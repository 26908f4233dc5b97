import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Links } from '@portal/identity';
import { Loader, StatusPage } from '@portal/ui';
import { setFlash } from '../../../shared/flash';
import { useIdentitySettings } from '../../../shared/identity-settings';
import { afterLoginPath, partnerSignInWaiting } from '../../../shared/single-sign-on';
import { useLogInAfterReset } from '../api/complete-password-reset';
import { NewPasswordForm } from '../components/NewPasswordForm';
import { IdentityUnavailable } from '../../../shared/IdentityUnavailable';

/** 403025: the link expired, was used already or is unknown; the way to start again. */
function LinkInvalid() {
  const { t } = useTranslation();
  return (
    <StatusPage
      headline={t('clp.resetpassword.linkinvalid.headline')}
      actions={
        <Link className="button" to="/login/reset-password/start">
          {t('clp.resetpassword.linkinvalid.restart')}
        </Link>
      }
    >
      <p>{t('clp.resetpassword.linkinvalid.text')}</p>
    </StatusPage>
  );
}

/**
 * The success message; meanwhile the shopper is logged in with the new password (spec 000 §4) and goes on to
 * `/`, where the account page's success banner says it again (the login takes a fraction of a second, too short
 * to read this page), or, with a partner's sign-in waiting, back to the partner. Without a kept login ID, or when
 * that login is refused, the shopper logs in by hand.
 */
function PasswordChanged({ loggingIn, loginFailed }: { loggingIn: boolean; loginFailed: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      headline={t('clp.resetpassword.success.headline')}
      actions={
        loginFailed ? (
          <Link className="button" to="/login">
            {t('global.button.login')}
          </Link>
        ) : undefined
      }
    >
      <p>{t('clp.resetpassword.success.text')}</p>
      <p role="status">{loggingIn ? t('clp.resetpassword.success.loggingIn') : loginFailed ? t('clp.resetpassword.success.logIn') : null}</p>
    </StatusPage>
  );
}

/**
 * `/login/reset-password?pwrt=…` (spec 000 §2): the new password; without the token the visitor goes to `/`. The
 * token, valid for an hour, leaves the address at once, as a verification link's does once posted: the retailer's
 * tag manager reads the address, and the browser's history keeps it (QA security round of 2026-11-29). It waits
 * in the history entry's state, which a reload keeps and an address typed later does not have.
 */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { pathname, state } = useLocation();
  const param = Links.resetPassword.tokenParam;
  const linked = params.get(param);
  const token = (state as Record<string, string | undefined> | null)?.[param];
  const settings = useIdentitySettings();
  const login = useLogInAfterReset();
  const [step, setStep] = useState<'form' | 'changed' | 'linkInvalid'>('form');

  // The state keeps it under the parameter's name; the rest of the query goes too (its lang was read at start).
  if (linked) return <Navigate to={pathname} replace state={{ [param]: linked }} />;
  if (!token) return <Navigate to="/" replace />;
  if (step === 'linkInvalid') return <LinkInvalid />;
  if (step === 'changed') return <PasswordChanged loggingIn={!login.isSuccess} loginFailed={login.data === false} />;

  const changed = (password: string) => {
    setStep('changed');
    login.mutate(password, {
      onSuccess: (loggedIn) => {
        if (!loggedIn) return;
        // Where every login goes (spec 000 §1, §4): with a partner's sign-in waiting (kept since the reset began at
        // the partner's login; in local storage for the mail's link in another tab), the redirect page, which hands
        // the shopper back to the partner. No success is left for the account page then: it would wait in the tab
        // and stand over a later visit's account page.
        if (!partnerSignInWaiting()) setFlash('clp.resetpassword.success.headline');
        void navigate(afterLoginPath(), { replace: true });
      },
    });
  };
  return (
    <section className="auth-page">
      <h1>{t('clp.resetpassword.headline')}</h1>
      <p>{t('clp.resetpassword.intro')}</p>
      {settings.isError ? (
        <IdentityUnavailable />
      ) : settings.data ? (
        <NewPasswordForm token={token} passwordPolicy={settings.data.passwordPolicy} onChanged={changed} onLinkInvalid={() => setStep('linkInvalid')} />
      ) : (
        <Loader />
      )}
    </section>
  );
}
