import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

/** Declares a route whose screen a later release builds, so links to it already resolve. */
export function UpcomingPage() {
  const { t } = useTranslation();
  return <StatusPage headline={t('global.upcoming.headline', { defaultValue: 'Diese Seite folgt in Kürze.' })} />;
}
