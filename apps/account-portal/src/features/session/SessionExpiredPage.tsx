import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { StatusPage } from '@portal/ui';
import type { EmailState } from '../../shared/navigation';

/**
 * `/session-expired`: the registration token ran out while finishing a registration (spec 000 §4). The login is filled
 * with the account's address that finalize hands over in the navigation state (as registration's links hand theirs).
 */
export function SessionExpiredPage() {
  const { t } = useTranslation();
  const state: EmailState = { email: (useLocation().state as EmailState | null)?.email };
  return (
    <StatusPage
      headline={t('clp.registration.sessionexpired.headline', { defaultValue: 'Sitzung abgelaufen' })}
      actions={
        <Link className="button" to="/login" state={state}>
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
