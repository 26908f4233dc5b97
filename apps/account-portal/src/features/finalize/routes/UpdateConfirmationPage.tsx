import { useTranslation } from 'react-i18next';
import { StatusPage } from '@portal/ui';
import { useRedirectAfterTimer } from '../../../shared/redirect-timer';

/** `/update-confirmation`: after finishing a registration from a login, then the redirect timer (spec 000 §2). */
export function UpdateConfirmationPage() {
  const { t } = useTranslation();
  useRedirectAfterTimer();
  return (
    <StatusPage headline={t('clp.updateconfirmation.headline')}>
      <p>{t('clp.updateconfirmation.text')}</p>
    </StatusPage>
  );
}
