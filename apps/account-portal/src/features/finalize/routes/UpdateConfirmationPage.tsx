import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { StatusPage } from '@portal/ui';
import { useRedirectAfterTimer } from '../../../shared/redirect-timer';
import { isRegistrationFinished } from '../registration-finished';

/**
 * `/update-confirmation`: after finishing a registration from a login, then the redirect timer (spec 000 §2).
 * Without the finalize form's state there is no registration to confirm: on to the login, which sends a logged-in
 * visitor on to / (spec 000 §4). Not to / itself: the account area's code would load only to send a visitor who is
 * logged out on to the login (page weight, 153.8 KB against 150).
 */
export function UpdateConfirmationPage() {
  const { state } = useLocation();
  return isRegistrationFinished(state) ? <RegistrationFinished /> : <Navigate to="/login" replace />;
}

function RegistrationFinished() {
  const { t } = useTranslation();
  useRedirectAfterTimer();
  return (
    <StatusPage headline={t('clp.updateconfirmation.headline')}>
      <p>{t('clp.updateconfirmation.text')}</p>
    </StatusPage>
  );
}
