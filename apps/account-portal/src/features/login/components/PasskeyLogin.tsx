import { useTranslation } from 'react-i18next';
import { usePasskeyLogin } from '../api/passkey-login';
import { PasskeyLoginMessage } from './PasskeyLoginMessage';

/** The passkey button of the passwordless widget on /login: the browser asks which passkey, with the shopper's PIN or biometrics. */
export function PasskeyLogin() {
  const { t } = useTranslation();
  const { start, outcome, pending } = usePasskeyLogin();
  return (
    <>
      <button type="button" className="button button--secondary passwordless__button" disabled={pending} aria-busy={pending || undefined} onClick={() => void start(false)}>
        {t('clp.passwordless.login')}
      </button>
      <div className="form-error" role="alert">
        {outcome ? <PasskeyLoginMessage outcome={outcome} /> : null}
      </div>
    </>
  );
}
