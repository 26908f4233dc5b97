import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Durations } from '@portal/identity';
import { StatusPage } from '@portal/ui';
import { ResetStartForm } from '../components/ResetStartForm';

const MINUTE = 60_000;

/** The process-started page: the mail is on its way; a link back to the login. */
function ResetStarted({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      headline={t('clp.resetpassword.started.headline')}
      actions={
        <Link className="button" to="/login">
          {t('clp.resetpassword.backToLogin')}
        </Link>
      }
    >
      <p>{t('clp.resetpassword.started.text', { email, minutes: Durations.resetLinkLifetime / MINUTE })}</p>
    </StatusPage>
  );
}

/** `/login/reset-password/start` (spec 000 §2): asks for the e-mail address, then shows that the reset started. */
export function PasswordResetStartPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string>();
  if (sentTo !== undefined) return <ResetStarted email={sentTo} />;
  return (
    <section className="auth-page">
      <h1>{t('clp.resetpassword.start.headline')}</h1>
      <p>{t('clp.resetpassword.start.intro')}</p>
      <ResetStartForm onStarted={setSentTo} />
    </section>
  );
}
