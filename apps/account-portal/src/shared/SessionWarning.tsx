import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@portal/ui';

const MINUTE = 60_000;
/** How often the dialog looks at the clock: the text changes within a second of a minute mark. */
const CLOCK_MS = 1000;

/**
 * The time left as the dialog says it: whole minutes, to the nearest, while at least one is left, then 0 for "less
 * than a minute". Not seconds: the service may have seen the session up to a minute later than the page knows
 * (SessionKeeper), so a countdown to the second would be precise about a moment no one knows.
 */
function minutesLeft(msLeft: number): number {
  return msLeft < MINUTE ? 0 : Math.round(msLeft / MINUTE);
}

/**
 * The question before an unused session ends at `endsAt` (SessionKeeper): stay logged in, or log out. The text says
 * the time left, in i18next plurals (`count` 0 is "less than a minute"). It changes only at the minute marks, and it
 * is a live region, so a screen reader says each change once; the dialog's opening reads it as its description.
 */
export function SessionWarning({ endsAt, onStay, onLogout }: { endsAt: number; onStay: () => void; onLogout: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Dialog
      title={t('ap.session.expiring.title')}
      onClose={onStay}
      actions={
        <>
          <button type="button" className="button" onClick={onStay}>
            {t('ap.session.expiring.stay')}
          </button>
          <button type="button" className="button button--secondary" onClick={onLogout}>
            {t('ap.session.expiring.logout')}
          </button>
        </>
      }
    >
      <p role="status">{t('ap.session.expiring.text', { count: minutesLeft(endsAt - now) })}</p>
    </Dialog>
  );
}
