import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

const fallbacks: Record<string, string> = {
  'global.errors.metadata.fetch': 'metadata fetch failed.',
  'global.errors.cms.fetch': 'cms data fetch failed.',
};

/** The error page shown when metadata or content cannot be loaded (spec 001 §8). */
export function SiteLoadError({ messageKey }: { messageKey: keyof typeof fallbacks | string }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="page__main">
      <StatusPage headline={t('global.errors.unexpected.headline', { defaultValue: 'Es ist ein unerwarteter Fehler aufgetreten.' })}>
        <p role="alert">{t(messageKey, { defaultValue: fallbacks[messageKey] ?? messageKey })}</p>
      </StatusPage>
    </main>
  );
}
