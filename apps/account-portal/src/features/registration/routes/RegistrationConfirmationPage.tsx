import { useTranslation } from 'react-i18next';
import type { LoginState } from '../../../shared/navigation';
import { RegistrationConfirmation } from '../../../shared/RegistrationConfirmation';

const REGISTERED: LoginState = { registered: true };

/**
 * `/registration/confirmation`: confirm the e-mail within 14 days; after the timer the redirect (spec 000 §4), to the
 * login, which says it again.
 */
export function RegistrationConfirmationPage() {
  const { t } = useTranslation();
  return (
    <RegistrationConfirmation headline={t('clp.registration.confirmation.headline')} loggedOut={REGISTERED}>
      <p>{t('clp.registration.confirmation.text')}</p>
    </RegistrationConfirmation>
  );
}
