import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useIdentity } from '@portal/identity';
import { Loader } from '@portal/ui';
import { AuthTabs } from '../../../shared/AuthTabs';
import { useIdentitySettings } from '../../../shared/identity-settings';
import { SocialLoginButtons, useSocialLoginReturn } from '../../../shared/SocialLogin';
import { RegistrationForm } from '../components/RegistrationForm';
import { IdentityUnavailable } from '../../../shared/IdentityUnavailable';

/** `/registration` (spec 000 §2); a logged-in visitor goes to `/`. */
export function RegistrationPage() {
  const { t } = useTranslation();
  const { account, ready } = useIdentity();
  const settings = useIdentitySettings();
  const [socialReaction, socialGoesOn] = useSocialLoginReturn();
  if (ready && account.loggedIn) return <Navigate to="/" replace />;
  if (socialGoesOn) return socialReaction;
  return (
    <section className="auth-page">
      <h1>{t('clp.registration.headline')}</h1>
      <AuthTabs current="registration" />
      {socialReaction}
      {/* The social buttons show with the form, not under its loader: the form arriving would push them down. */}
      {settings.isError ? (
        <>
          <IdentityUnavailable />
          <SocialLoginButtons />
        </>
      ) : settings.data ? (
        <>
          <RegistrationForm passwordPolicy={settings.data.passwordPolicy} consent={settings.data.consent} />
          <SocialLoginButtons />
        </>
      ) : (
        <Loader />
      )}
    </section>
  );
}
