import { useTranslation } from 'react-i18next';

/** A spinner that screen readers announce as "loading". */
export function Loader() {
  const { t } = useTranslation();
  return (
    <div className="loader" role="status" aria-live="polite">
      <span className="loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('global.loading', { defaultValue: 'Wird geladen …' })}</span>
    </div>
  );
}
