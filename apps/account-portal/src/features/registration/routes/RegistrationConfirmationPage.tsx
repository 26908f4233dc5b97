import { useTranslation } from 'react-i18next';
import { RegistrationConfirmation } from '../../../shared/RegistrationConfirmation';

/** `/registration/confirmation`: confirm the e-mail within 14 days; after the timer the redirect (spec 000 §4). */
export function RegistrationConfirmationPage() {
  const { t } = useTranslation();
  return (
    <RegistrationConfirmation headline={t('clp.registration.confirmation.headline')}>
      <p>{t('clp.registration.confirmation.text')}</p>
    </RegistrationConfirmation>
  );
}
