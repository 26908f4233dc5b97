import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router-dom';

/** The header controls of the account shell: home and back (spec 000 §2). */
export function AccountHeaderActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Link className="button header-button" to="/">
        {t('ap.shell.home')}
      </Link>
      <button type="button" className="button header-button" onClick={() => navigate(-1)}>
        {t('ap.shell.back')}
      </button>
    </>
  );
}

/** The side menu of the account shell: login details, address, logout. */
export function AccountMenu() {
  const { t } = useTranslation();
  const items = [
    { to: '/accessdata', label: t('ap.shell.menu.accessdata') },
    { to: '/addresses', label: t('ap.shell.menu.addresses') },
    { to: '/logout', label: t('ap.shell.menu.logout') },
  ];
  return (
    <nav className="account-menu" aria-label={t('ap.shell.menu')}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to}>{item.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The frame of the account pages: the side menu beside the page. */
export function AccountShell({ children }: { children: ReactNode }) {
  return (
    <div className="account-shell">
      <AccountMenu />
      <div className="account-shell__content">{children}</div>
    </div>
  );
}
