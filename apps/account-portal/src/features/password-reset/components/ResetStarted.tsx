import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Durations } from '@portal/identity';
import { StatusPage } from '@portal/ui';

const MINUTE = 60_000;

/**
 * The state of the reset start page's history entry once the mail is on its way: the address as the page shows it. A
 * reload and Back/Forward bring the entry's state back, so the page shows the process-started page again (spec 000
 * §2), where it showed the empty form, whose second request the service refuses for 15 minutes (QA); nothing outside
 * the entry keeps it, as the link page keeps its outcome (LinkedUnverifiedState).
 */
export interface ResetSentState {
  resetSentTo: string;
}

/**
 * The process-started page: the mail is on its way; a link back to the login. In the form's chunk, not one of its own
 * loaded with the outcome: measured (vite build, 2026-12-01), the lazy import's preload list cost the page's first load
 * as much as this code does (105 vs 108 bytes gzipped of the ~3 KB left), and the page would then show a loader after
 * the answer, and after a reload wait for a second chunk.
 */
export function ResetStarted({ email }: { email: string }) {
  const { t } = useTranslation();
  // The entry is replaced, not added (Back leaves the page as before); once it holds the address (a reload), it stays.
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const state: ResetSentState = { resetSentTo: email };
    if ((location.state as Partial<ResetSentState> | null)?.resetSentTo !== email) void navigate(location, { replace: true, state });
  }, [location, navigate, email]);
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
