import { useTranslation } from 'react-i18next';
import { StatusPage } from '@portal/ui';
import { useSite } from '@portal/cms';

/** `/unsubscribe-success`: confirms the unsubscribe from everything and offers to subscribe again. */
export function UnsubscribeSuccessPage() {
  const { t } = useTranslation();
  const { content } = useSite();
  const subscribeAgainUrl = content.preferenceCentre?.subscribeAgainUrl ?? '/registration';
  return (
    <StatusPage
      headline={t('mpp.unsubscribe.success.headline', { defaultValue: 'Sie wurden erfolgreich abgemeldet.' })}
      actions={
        <a className="button" href={subscribeAgainUrl}>
          {t('mpp.unsubscribe.success.subscribeagain', { defaultValue: 'Erneut anmelden' })}
        </a>
      }
    >
      <p>{t('mpp.unsubscribe.success.text', { defaultValue: 'Sie erhalten keine Newsletter und Produkterinnerungen mehr von uns.' })}</p>
    </StatusPage>
  );
}
