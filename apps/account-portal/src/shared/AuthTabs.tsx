import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The tab navigation between login and registration (spec 000 §2). */
export function AuthTabs({ current }: { current: 'login' | 'registration' }) {
  const { t } = useTranslation();
  const tabs = [
    { id: 'login', to: '/login', label: t('clp.tabs.login') },
    { id: 'registration', to: '/registration', label: t('clp.tabs.registration') },
  ] as const;
  return (
    <nav className="auth-tabs" aria-label={t('clp.tabs.label')}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link to={tab.to} className="auth-tabs__tab" aria-current={tab.id === current ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
