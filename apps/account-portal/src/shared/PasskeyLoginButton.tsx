import { useTranslation } from 'react-i18next';
import { PasskeyLoginMessage } from './PasskeyLoginMessage';
import type { PasskeyLoginOutcome } from './passkey-login';

/** The button that starts a passkey login, and the text of one that did not log in (the login and link pages). */
export function PasskeyLoginButton({ pending, onStart, outcome, className }: { pending: boolean; onStart: () => void; outcome?: PasskeyLoginOutcome; className?: string }) {
  const { t } = useTranslation();
  return (
    <>
      {/* Not disabled while the browser asks for the passkey, which would drop the focus to the page (WCAG 2.4.3). */}
      <button
        type="button"
        className={`button button--secondary${className ? ` ${className}` : ''}`}
        aria-disabled={pending || undefined}
        aria-busy={pending || undefined}
        onClick={() => !pending && onStart()}
      >
        {t('clp.passwordless.login')}
      </button>
      <div className="form-error" role="alert">
        {outcome ? <PasskeyLoginMessage outcome={outcome} /> : null}
      </div>
    </>
  );
}
