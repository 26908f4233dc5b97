import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { translateMessage } from '@portal/forms';
import { unexpectedMessage } from './call-failure';
import type { LoginOutcome } from './login-outcome';

/**
 * The text of a refused login (spec 000 §8), the same wherever a password is checked: the login form and the
 * link-accounts page. 403042/403005 come with the forgot-password hint.
 */
export function LoginOutcomeMessage({ outcome }: { outcome: LoginOutcome }) {
  const { t } = useTranslation();
  switch (outcome.kind) {
    case 'invalidCredentials':
      return (
        <>
          <p className="form-error__text">{t('clp.login.error.invalidCredentials')}</p>
          <p>
            {t('clp.login.error.invalidCredentials.hint')} <Link to="/login/reset-password/start">{t('clp.login.forgotPassword')}</Link>
          </p>
        </>
      );
    case 'blocked':
      return <p className="form-error__text">{t('clp.login.error.blocked')}</p>;
    case 'lockedOut':
      return <p className="form-error__text">{t('clp.login.error.lockedOut')}</p>;
    case 'notActivated':
      return <p className="form-error__text">{t('clp.login.error.notActivated')}</p>;
    case 'customError':
      return <p className="form-error__text">{t('clp.login.customError.unknown')}</p>;
    case 'invalidForm':
      return <p className="form-error__text">{t('clp.form.error.validation')}</p>;
    case 'unexpected':
      return <p className="form-error__text">{translateMessage(t, unexpectedMessage(outcome.code))}</p>;
    default:
      return null;
  }
}
