import { useTranslation } from 'react-i18next';
import { RegistrationConfirmation } from '../../../shared/RegistrationConfirmation';

/** `/update-confirmation`: after finishing a registration from a login, then the redirect timer (spec 000 §2). */
export function UpdateConfirmationPage() {
  const { t } = useTranslation();
  return (
    <RegistrationConfirmation headline={t('clp.updateconfirmation.headline')}>
      <p>{t('clp.updateconfirmation.text')}</p>
    </RegistrationConfirmation>
  );
}
