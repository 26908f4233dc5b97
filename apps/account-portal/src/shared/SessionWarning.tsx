import { use, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addMessages } from '@portal/i18n';
import { Dialog } from '@portal/ui';
import { loadSessionMessages } from './session-texts';

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

/** The page's clock, read every second while a dialog shows. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** `t` once the session dialogs' texts are in (session-texts.ts): a dialog waits for them (suspends). */
function useSessionTexts() {
  const { t, i18n } = useTranslation();
  use(addMessages(i18n, loadSessionMessages));
  return t;
}

/**
 * A dialog about the session's end at `endsAt`: `text` says the time left, in i18next plurals (`count` 0 is "less
 * than a minute"). It changes only at the minute marks, and it is a live region, so a screen reader says each change
 * once; the dialog's opening reads it as its description.
 */
function SessionDialog(props: { title: string; text: (count: number) => string; endsAt: number; onClose: () => void; actions: ReactNode }) {
  const now = useNow();
  return (
    <Dialog title={props.title} onClose={props.onClose} actions={props.actions}>
      <p role="status">{props.text(minutesLeft(props.endsAt - now))}</p>
    </Dialog>
  );
}

/** The question before an unused session ends at `endsAt` (SessionKeeper): stay logged in, or log out. */
export function SessionWarning({ endsAt, onStay, onLogout }: { endsAt: number; onStay: () => void; onLogout: () => void }) {
  const t = useSessionTexts();
  return (
    <SessionDialog
      title={t('ap.session.expiring.title')}
      text={(count) => t('ap.session.expiring.text', { count })}
      endsAt={endsAt}
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
    />
  );
}

/**
 * The notice before the session's absolute end at `endsAt` (SessionKeeper): nothing extends a session past it, so it
 * offers no staying; it says when the session ends, to save now, and to log in again after. One button closes it.
 */
export function SessionEndWarning({ endsAt, onClose }: { endsAt: number; onClose: () => void }) {
  const t = useSessionTexts();
  return (
    <SessionDialog
      title={t('ap.session.ending.title')}
      text={(count) => t('ap.session.ending.text', { count })}
      endsAt={endsAt}
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('ap.session.ending.close')}
        </button>
      }
    />
  );
}
