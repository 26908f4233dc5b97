import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { ErrorCode, Pages } from '@portal/identity';
import { StatusPage } from '@portal/ui';

/**
 * Where the e-mail confirmation link lands (spec 000 §2): no code goes home, code 0 is a success, any other code
 * is shown on the error page as `doi-{code}`.
 */
export function DoubleOptInDonePage() {
  const { t } = useTranslation();
  const code = useSearchParams()[0].get('errorCode');
  if (code === null || code === '') return <Navigate to="/" replace />;
  if (code !== String(ErrorCode.OK)) return <Navigate to={`${Pages.doubleOptInError}${encodeURIComponent(code)}`} replace />;
  return (
    <StatusPage
      headline={t('global.doubleoptin.success.headline', { defaultValue: 'Vielen Dank für Ihre Bestätigung!' })}
      actions={
        <Link className="button" to="/login">
          {t('global.button.login', { defaultValue: 'Zum Login' })}
        </Link>
      }
    >
      <p>{t('global.doubleoptin.success.message', { defaultValue: 'Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.' })}</p>
    </StatusPage>
  );
}
