import { useTranslation } from 'react-i18next';
import { LoginOutcomeMessage } from '../../../shared/LoginOutcomeMessage';
import type { PasskeyLoginOutcome } from '../api/passkey-login';

/** The text of a passkey login that did not log in. */
export function PasskeyLoginMessage({ outcome }: { outcome: PasskeyLoginOutcome }) {
  const { t } = useTranslation();
  if (outcome.kind === 'passkeyRefused') {
    return <p className="form-error__text">{t(outcome.unknown ? 'clp.passwordless.error.unknown' : 'clp.passwordless.error.refused')}</p>;
  }
  if (outcome.kind === 'ceremony') {
    return <p className="form-error__text">{t(outcome.failure === 'cancelled' ? 'clp.passwordless.error.cancelled' : 'clp.passwordless.error.unsupported')}</p>;
  }
  // With the pending account's regToken the resend panel beside it says it all, as after a password login.
  if (outcome.kind === 'unverified') return outcome.regToken ? null : <p className="form-error__text">{t('clp.login.unverified.headline')}</p>;
  return <LoginOutcomeMessage outcome={outcome} />;
}
