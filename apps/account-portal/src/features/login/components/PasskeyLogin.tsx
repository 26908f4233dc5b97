import { useTranslation } from 'react-i18next';
import { usePasskeyLogin } from '../api/passkey-login';
import { PasskeyLoginMessage } from '../../../shared/PasskeyLoginMessage';
import { ResendVerificationPanel } from './ResendVerificationPanel';

/** The passkey button of the passwordless widget on /login: the browser asks which passkey, with the shopper's PIN or biometrics. */
export function PasskeyLogin() {
  const { t } = useTranslation();
  const { start, outcome, pending } = usePasskeyLogin();
  return (
    <>
      {/* Not disabled while the browser asks for the passkey, which would drop the focus to the page (WCAG 2.4.3). */}
      <button
        type="button"
        className="button button--secondary passwordless__button"
        aria-disabled={pending || undefined}
        aria-busy={pending || undefined}
        onClick={() => !pending && void start(false)}
      >
        {t('clp.passwordless.login')}
      </button>
      <div className="form-error" role="alert">
        {outcome ? <PasskeyLoginMessage outcome={outcome} /> : null}
      </div>
      {outcome?.kind === 'unverified' && outcome.regToken ? <ResendVerificationPanel target={{ regToken: outcome.regToken }} /> : null}
    </>
  );
}
