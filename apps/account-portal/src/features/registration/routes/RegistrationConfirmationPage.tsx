import { useTranslation } from 'react-i18next';
import { StatusPage } from '@portal/ui';
import { useRedirectAfterTimer } from '../../../shared/redirect-timer';

/** `/registration/confirmation`: confirm the e-mail within 14 days; after the timer the redirect (spec 000 §4). */
export function RegistrationConfirmationPage() {
  const { t } = useTranslation();
  useRedirectAfterTimer();
  return (
    <StatusPage headline={t('clp.registration.confirmation.headline')}>
      <p>{t('clp.registration.confirmation.text')}</p>
    </StatusPage>
  );
}
