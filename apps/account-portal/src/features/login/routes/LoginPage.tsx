import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { useIdentity } from '@portal/identity';
import { AuthTabs } from '../../../shared/AuthTabs';
import { clearFlash, peekFlash } from '../../../shared/flash';
import { returnPath } from '../../../shared/navigation';
import { SocialLoginButtons, SocialLoginReturn } from '../../../shared/SocialLogin';
import { LoginForm } from '../components/LoginForm';

/** `/login` (spec 000 §2): a logged-in visitor goes on to where the login was asked for, else to `/`. */
export function LoginPage() {
  const { t } = useTranslation();
  const { account, ready } = useIdentity();
  const location = useLocation();
  // Deleting the account ends the session, which brings the shopper here: say that it worked (once).
  const [deleted] = useState(() => peekFlash() === 'ap.account.deleted');
  useEffect(() => {
    if (deleted) clearFlash();
  }, [deleted]);
  if (ready && account.loggedIn) return <Navigate to={returnPath(location.state)} replace />;
  return (
    <section className="auth-page">
      <h1>{t('clp.login.headline')}</h1>
      {deleted ? (
        <p className="notice notice--success" role="status">
          {t('ap.account.deleted')}
        </p>
      ) : null}
      <AuthTabs current="login" />
      <SocialLoginReturn />
      <LoginForm />
      <SocialLoginButtons />
    </section>
  );
}
