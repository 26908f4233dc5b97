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

/**
 * The loader of a page whose frame is not there yet (its site or its identity provider still loading), inside the
 * page's main landmark: a page has one from its first paint, and an accessibility scan that comes early finds
 * it (axe landmark-one-main, seen in Lighthouse on a slow machine).
 */
export function PageLoader() {
  return (
    <main>
      <Loader />
    </main>
  );
}
