import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ResetStarted, type ResetSentState } from '../components/ResetStarted';
import { ResetStartForm } from '../components/ResetStartForm';

/**
 * The address the mail went to, as the process-started page wrote it into the page's history entry (ResetSentState);
 * any other state (another page's, such as the registration's EmailState, or one made up) is none.
 */
function resetSentIn(state: unknown): string | undefined {
  const sentTo = (state as Partial<ResetSentState> | null)?.resetSentTo;
  return typeof sentTo == 'string' && sentTo ? sentTo : undefined;
}

/**
 * `/login/reset-password/start` (spec 000 §2): asks for the e-mail address, then shows that the reset started, also
 * after a reload or Back/Forward to this history entry, whose state keeps the address (ResetStarted writes it there,
 * once shown: a request answered after the shopper left the page writes nothing).
 */
export function PasswordResetStartPage() {
  const { t } = useTranslation();
  const { state } = useLocation();
  const [sentTo, setSentTo] = useState(() => resetSentIn(state));
  if (sentTo !== undefined) return <ResetStarted email={sentTo} />;
  return (
    <section className="auth-page">
      <h1>{t('clp.resetpassword.start.headline')}</h1>
      <p>{t('clp.resetpassword.start.intro')}</p>
      <ResetStartForm onStarted={setSentTo} />
    </section>
  );
}
