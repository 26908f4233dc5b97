import { useTranslation } from 'react-i18next';
import { LoginOutcomeMessage, PageTextsMessage } from './LoginOutcomeMessage';
import type { PasskeyLoginOutcome } from './passkey-login';

/** The text of a passkey login that did not log in (the login page, and the link page's proof of the account). */
export function PasskeyLoginMessage({ outcome }: { outcome: PasskeyLoginOutcome }) {
  const { t } = useTranslation();
  if (outcome.kind === 'passkeyRefused') {
    return <p className="form-error__text">{t(outcome.unknown ? 'clp.passwordless.error.unknown' : 'clp.passwordless.error.refused')}</p>;
  }
  if (outcome.kind === 'ceremony') {
    return <p className="form-error__text">{t(outcome.failure === 'cancelled' ? 'clp.passwordless.error.cancelled' : 'clp.passwordless.error.unsupported')}</p>;
  }
  // QA round of 2026-11-30: it read "An unexpected error has occurred (400125)". The text, registration's too, is among
  // those of the pages after the first, which /login loads when it comes.
  if (outcome.kind === 'tooManyRequests') return <PageTextsMessage textKey="clp.error.tooManyRequests" />;
  // With the pending account's regToken the resend panel beside it says it all, as after a password login.
  if (outcome.kind === 'linkExpired') return null; // the link page says so in its place
  if (outcome.kind === 'unverified') return outcome.regToken ? null : <p className="form-error__text">{t('clp.login.unverified.headline')}</p>;
  return <LoginOutcomeMessage outcome={outcome} />;
}
