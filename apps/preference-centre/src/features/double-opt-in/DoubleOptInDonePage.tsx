import { useTranslation } from 'react-i18next';
import { StatusPage } from '@portal/ui';

/** Where a product reminder's or newsletter's confirmation link lands (spec 001 §2). */
export function DoubleOptInDonePage() {
  const { t } = useTranslation();
  return (
    <StatusPage headline={t('mpp.doubleoptin.headline', { defaultValue: 'Erinnerung aktiv!' })}>
      <p>{t('mpp.doubleoptin.text', { defaultValue: 'Sie werden bald an das Produkt erinnert.' })}</p>
    </StatusPage>
  );
}
