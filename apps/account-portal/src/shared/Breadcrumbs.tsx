import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

/** Start page, then the way to the current page (spec 000 §2). */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const { t } = useTranslation();
  const crumbs: Crumb[] = [{ label: t('ap.breadcrumbs.start'), to: '/' }, ...trail];
  return (
    <nav className="breadcrumbs" aria-label={t('ap.breadcrumbs')}>
      <ol>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.label} aria-current="page">
              {crumb.label}
            </li>
          ) : (
            <li key={crumb.label}>
              <Link to={crumb.to ?? '/'}>{crumb.label}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
