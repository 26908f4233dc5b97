import type { i18n as I18n } from 'i18next';
import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import type { MessageLoader } from '@portal/i18n';
import { Loader, SiteLayout } from '@portal/ui';
import { AccountHeaderActions, AccountShell } from '../features/account/components/AccountShell';
import { lazyNamed, loadCode } from '../shared/load-page';
import { usePrefetchIdentitySettings } from '../shared/identity-settings';
import { InBackground } from '../shared/InBackground';
import { RequireLogin } from '../shared/RequireLogin';
import { RouteErrorBoundary } from '../shared/RouteErrorBoundary';
import { loadProfileMessages } from '../shared/profile-texts';
import { loadAccessDataMessages, loadAccountMessages } from './account-page-texts';
import { addPageTexts, PageTexts } from './page-texts';

/**
 * The account area: the frame of the protected pages (login check, header actions, side menu), and those pages.
 * It loads once a protected page is opened; each page's own code loads with that page.
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, texts?: MessageLoader) {
  return { Screen: lazyNamed(load, name), load: () => loadCode(load) as Promise<unknown>, texts };
}

const screens: Record<string, ReturnType<typeof screen>> = {
  '/': screen(() => import('../features/account/routes/AccountPage'), 'AccountPage', loadAccountMessages),
  '/personaldata': screen(() => import('../features/personal-data/routes/PersonalDataPage'), 'PersonalDataPage', loadProfileMessages),
  '/addresses': screen(() => import('../features/addresses/routes/AddressesPage'), 'AddressesPage', loadProfileMessages),
  '/addresses/addresschange': screen(() => import('../features/addresses/routes/AddressFormPage'), 'AddressChangePage', loadProfileMessages),
  '/addresses/addaddress': screen(() => import('../features/addresses/routes/AddressFormPage'), 'AddAddressPage', loadProfileMessages),
  '/accessdata': screen(() => import('../features/access-data/routes/AccessDataPage'), 'AccessDataPage', loadAccessDataMessages),
};

// The session keeper's work begins minutes after a page opens (SessionKeeper): its code comes once the page is up,
// not with the page's first load (page weight), and a failure to load it leaves the page alone (InBackground).
const SessionKeeper = lazyNamed(() => import('../shared/SessionKeeper'), 'SessionKeeper');
export const SESSION_KEEPER_DELAY_MS = 5_000;

function Later({ ms, children }: { ms: number; children: ReactNode }) {
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setDue(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return due ? <InBackground>{children}</InBackground> : null;
}

/** Starts loading a protected page's code (routes.tsx preloadPage). */
export function preloadAccountScreen(path: string): Promise<unknown> | undefined {
  return screens[path]?.load();
}

/** Starts loading the texts of an account page, when it is the first (prepareFirstPage in routes.tsx). */
export function addAccountTexts(i18n: I18n, path: string) {
  addPageTexts(i18n, screens[path]?.texts);
}

/** The protected page of a route path (the paths of routes.tsx's protected routes). */
export function AccountScreen({ path }: { path: string }) {
  const { Screen, load, texts } = screens[path] ?? {};
  if (!Screen) return null;
  // A page with texts of its own (account-page-texts.ts) waits for them as the area waits for its own.
  return texts ? (
    <PageTexts code={load} own={texts}>
      <Screen />
    </PageTexts>
  ) : (
    <Screen />
  );
}

/**
 * The frame of the protected pages; a logged-out visitor goes to the login (RequireLogin). The frame waits for the
 * pages' texts as a whole (the loader of routes.tsx shows meanwhile): shown before them, the header's home button
 * would arrive later and widen the header, shifting the page down on a phone (layout shift).
 */
export function AccountArea() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  usePrefetchIdentitySettings();
  // The keeper counts the session's unused time from here, however late its code comes (once the connection is
  // back): counted from its arrival, its warning could come after the service had ended the session.
  const [openedAt] = useState(Date.now);
  return (
    <PageTexts>
      <SiteLayout title={t('ap.title')} pageKey={pathname} headerActions={<AccountHeaderActions />}>
        <RequireLogin>
          <Later ms={SESSION_KEEPER_DELAY_MS}>
            <SessionKeeper openedAt={openedAt} />
          </Later>
          <AccountShell>
            <RouteErrorBoundary>
              <Suspense fallback={<Loader />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </AccountShell>
        </RequireLogin>
      </SiteLayout>
    </PageTexts>
  );
}
