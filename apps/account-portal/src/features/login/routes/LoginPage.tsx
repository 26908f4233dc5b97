import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { useIdentity } from '@portal/identity';
import { AuthTabs } from '../../../shared/AuthTabs';
import { returnPath } from '../../../shared/navigation';
import { SocialLoginButtons, SocialLoginReturn } from '../../../shared/SocialLogin';
import { LoginForm } from '../components/LoginForm';

/** `/login` (spec 000 §2): a logged-in visitor goes on to where the login was asked for, else to `/`. */
export function LoginPage() {
  const { t } = useTranslation();
  const { account, ready } = useIdentity();
  const location = useLocation();
  if (ready && account.loggedIn) return <Navigate to={returnPath(location.state)} replace />;
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
