import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useResendVerification, type ResendResult, type ResendTarget } from './resend-verification-email';

const resultKeys: Record<ResendResult, string> = {
  sent: 'clp.login.unverified.resend.success',
  alreadyVerified: 'clp.login.unverified.resend.verified',
  failed: 'clp.login.unverified.resend.failure',
};

// The panel shown last, the only one a page shows (useNewestPanel).
let newestPanel: object | undefined;
const panelListeners = new Set<() => void>();
const subscribePanels = (listener: () => void) => {
  panelListeners.add(listener);
  return () => void panelListeners.delete(listener);
};

/**
 * Whether this panel is the one the page shows: the newest. Each login way that meets an unconfirmed registration
 * shows the panel beside it (/login: the password form's, for the form and the e-mail field's passkey autofill; the
 * passkey widget's), and a second answer left the first's standing: QA of 2026-11-30 saw two identical panels after a
 * passkey login (the autofill's and the button's). The newest answer's stays, beside the way the shopper used last;
 * an older one does not come back when the newest goes (its answer is not the page's last).
 */
function useNewestPanel(): boolean {
  const [panel] = useState(() => ({}));
  useLayoutEffect(() => {
    newestPanel = panel;
    for (const listener of panelListeners) listener();
  }, [panel]);
  return useSyncExternalStore(subscribePanels, () => newestPanel) === panel;
}

/**
 * Shown when a login, or a registration of an address already registered (its login with the same password, spec 000
 * §8), meets an unconfirmed registration (spec 000 §4): explains it and sends a new verification mail, to the
 * address typed or, after a passkey login, to the pending account's. Loaded on demand: UnverifiedRegistration.
 * `takesFocus` false: a text before the panel, which the page shows with it, has taken the focus (linking accounts).
 */
export function ResendVerificationPanel({ target, takesFocus = true }: { target: ResendTarget; takesFocus?: boolean }) {
  const { t } = useTranslation();
  const resend = useResendVerification(target);
  const result = resend.result;
  // The login's (or the registration's) answer is this panel, outside the form's alert: the focus goes to its
  // heading, so that a screen reader reads it (QA: the login seemed to do nothing).
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useNewestPanel();
  useEffect(() => {
    if (shown && takesFocus) heading.current?.focus();
  }, [shown, takesFocus]);
  if (!shown) return null;
  return (
    <section className="panel" aria-labelledby="resend-verification-heading">
      <h2 id="resend-verification-heading" ref={heading} tabIndex={-1}>{t('clp.login.unverified.headline')}</h2>
      <p>{t('clp.login.unverified.text')}</p>
      {/* Not disabled while the mail is asked for, which would drop the focus to the page (WCAG 2.4.3): a second press is ignored. */}
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={resend.pending || undefined}
        onClick={() => !resend.pending && resend.send()}
      >
        {t('clp.login.unverified.resend')}
      </button>
      <div role="status">
        {result ? <p className={`notice notice--${result === 'failed' ? 'error' : result === 'sent' ? 'success' : 'info'}`}>{t(resultKeys[result])}</p> : null}
      </div>
    </section>
  );
}
