import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useIdentity } from '@portal/identity';
import { AuthTabs } from '../../../shared/AuthTabs';
import { returnPath } from '../../../shared/navigation';
import { REDIRECT_PAGE, rememberHandOver, ssoSessionType } from '../../../shared/single-sign-on';
import { SocialLoginButtons, SocialLoginReturn } from '../../../shared/SocialLogin';
import { LoginForm } from '../components/LoginForm';

/**
 * `/login` (spec 000 §2): a logged-in visitor goes on to where the login was asked for, else to `/`; with a
 * partner's sign-in waiting (single sign-on), to the redirect page that hands the shopper back to the partner.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { account, ready } = useIdentity();
  const location = useLocation();
  // Once per visit of the page: keep what a partner handed over before deciding where a logged-in visitor goes.
  useState(() => rememberHandOver(location.search));
  if (ready && account.loggedIn) {
    return <Navigate to={ssoSessionType(location.search) !== 'NONE' ? REDIRECT_PAGE : returnPath(location.state)} replace />;
  }
  return (
    <section className="auth-page">
      <h1>{t('clp.login.headline')}</h1>
      <AuthTabs current="login" />
      <SocialLoginReturn />
      <LoginForm />
      <SocialLoginButtons />
    </section>
  );
}
