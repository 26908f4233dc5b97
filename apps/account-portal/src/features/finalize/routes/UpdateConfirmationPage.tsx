import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { RegistrationConfirmation } from '../../../shared/RegistrationConfirmation';
import type { CameFromRegistrationState } from '../../../shared/registration-confirmation';

/**
 * `/update-confirmation`: after finishing a registration from a login, then the redirect timer (spec 000 §2). When the
 * finalize form asked only for the changed terms of use (or privacy notice) again, it thanks for that instead: the
 * shopper's registration was complete long before (QA spec audit, 2026-11-30).
 */
export function UpdateConfirmationPage() {
  const { t } = useTranslation();
  const changed = (useLocation().state as Partial<CameFromRegistrationState> | null)?.consentChanged;
  return (
    <RegistrationConfirmation headline={t(changed ? 'clp.updateconfirmation.consent.headline' : 'clp.updateconfirmation.headline')}>
      <p>{t(changed ? `clp.updateconfirmation.consent.${changed}` : 'clp.updateconfirmation.text')}</p>
    </RegistrationConfirmation>
  );
}
