import { useTranslation } from 'react-i18next';
import { ConnectionLostPage } from '@portal/ui';

/**
 * In place of the centre while its data waits for the connection (useConnectionWait): the missing connection named
 * (it was the loading error page, which blames the link: "expired or invalid", QA phone), and a way to try again.
 * The link's address stays, so that a try, and the browser coming back online, load the centre.
 */
export function CentreConnectionLostPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ConnectionLostPage
      headline={t('global.errors.preferences.loading.headline', { defaultValue: 'Ihre Einstellungen konnten nicht geladen werden.' })}
      onRetry={onRetry}
    />
  );
}
