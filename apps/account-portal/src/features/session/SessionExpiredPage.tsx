import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusPage } from '@portal/ui';

/** `/session-expired`: the registration token ran out while finishing a registration (spec 000 §4). */
export function SessionExpiredPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      headline={t('clp.registration.sessionexpired.headline', { defaultValue: 'Sitzung abgelaufen' })}
      actions={
        <Link className="button" to="/login">
          {t('global.button.login', { defaultValue: 'Zum Login' })}
        </Link>
      }
    >
      <p>
        {t('clp.registration.sessionexpired', {
          defaultValue: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich mit den zugewiesenen Daten an und schließen Sie die Registrierung ab.',
        })}
      </p>
    </StatusPage>
  );
}
