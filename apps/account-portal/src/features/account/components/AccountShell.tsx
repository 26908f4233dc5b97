import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { useSite } from '@portal/cms';

/**
 * Whether the visitor came from a page that gets a way back (spec 000 §2: the partner photo service or a travel
 * redirect). Which ones count is configuration (metadata `backButtonReferrers`: origins or URL prefixes).
 */
export function cameFromPartner(referrer: string, partners: readonly string[]): boolean {
  if (!referrer) return false;
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    return false;
  }
  return partners.some((partner) => {
    try {
      const prefix = new URL(partner);
      // An origin alone matches any page of it; a longer prefix matches that path and below.
      return from.origin === prefix.origin && (prefix.pathname === '/' || from.pathname.startsWith(prefix.pathname));
    } catch {
      return false;
    }
  });
}

/** The header controls of the account shell: home, and back to the partner service the visitor came from. */
export function AccountHeaderActions({ referrer = document.referrer }: { referrer?: string }) {
  const { t } = useTranslation();
  const { metadata } = useSite();
  const back = cameFromPartner(referrer, metadata.backButtonReferrers ?? []);
  return (
    <>
      <Link className="button header-button" to="/">
        {t('ap.shell.home')}
      </Link>
      {back ? (
        <a className="button header-button" href={referrer}>
          {t('ap.shell.back')}
        </a>
      ) : null}
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
