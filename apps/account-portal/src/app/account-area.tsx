import type { i18n as I18n } from 'i18next';
import { Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { useIdentity } from '@portal/identity';
import type { MessageLoader } from '@portal/i18n';
import { Loader, SiteLayout } from '@portal/ui';
import { AccountHeaderActions, AccountShell } from '../features/account/components/AccountShell';
import { AccountDeletionContext } from '../shared/account-deletion';
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
 *
 * Once the shopper has deleted the account (the account page's own data), the page shows its confirmation in the
 * site's frame alone, as /logout's page shows: no header actions, no side menu, no login check and no session
 * keeper. The deletion ended the session, and the checks that ask the service whose session it is (the window's
 * focus coming back, another tab's announcement, the keeper's look-ups) took its 403005 for a session that had
 * expired: the confirmation went to the login saying so, to a shopper without an account (QA keyboard round,
 * 2026-11-30). The account is then logged out in the page's state as a logout does, which tells the other tabs
 * at once (AccountStore.dispatch), and they leave their account pages as after a logout in a tab. The confirmation
 * belongs to the history entry it was shown on: going back shows that page's login check, which goes to the login.
 */
export function AccountArea() {
  const { t } = useTranslation();
  const { pathname, key } = useLocation();
  const { refresh, sessionEndedHere } = useIdentity();
  usePrefetchIdentitySettings();
  // The keeper counts the session's unused time from here, however late its code comes (once the connection is
  // back): counted from its arrival, its warning could come after the service had ended the session.
  const [openedAt] = useState(Date.now);
  const [deletedOn, setDeletedOn] = useState<string>();
  const deleted = deletedOn === key;
  const deletion = useMemo(
    () => ({
      deleted,
      onDeleted: () => {
        // Until the page's state is logged out, a 403005 is the deletion's, not a session that ended elsewhere.
        sessionEndedHere();
        setDeletedOn(key);
      },
    }),
    [deleted, key, sessionEndedHere],
  );
  // Once the frame without the login check is shown (the check would take the logout to the login): the look-up
  // answers 403005 and logs out, as a failure to get an answer does (AccountStore.refresh).
  useEffect(() => {
    if (deleted) void refresh();
  }, [deleted, refresh]);
  const page = (
    <RouteErrorBoundary>
      <Suspense fallback={<Loader />}>
        <AccountDeletionContext.Provider value={deletion}>
          <Outlet />
        </AccountDeletionContext.Provider>
      </Suspense>
    </RouteErrorBoundary>
  );
  return (
    <PageTexts>
      {deleted ? (
        <SiteLayout title={t('ap.title')} pageKey={pathname}>
          {page}
        </SiteLayout>
      ) : (
        <SiteLayout title={t('ap.title')} pageKey={pathname} headerActions={<AccountHeaderActions />}>
          <RequireLogin>
            <Later ms={SESSION_KEEPER_DELAY_MS}>
              <SessionKeeper openedAt={openedAt} />
            </Later>
            <AccountShell>{page}</AccountShell>
          </RequireLogin>
        </SiteLayout>
      )}
    </PageTexts>
  );
}
