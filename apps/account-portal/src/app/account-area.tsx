import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { Loader, SiteLayout } from '@portal/ui';
import { AccountHeaderActions, AccountShell } from '../features/account/components/AccountShell';
import { lazyNamed, loadCode } from '../shared/load-page';
import { usePrefetchIdentitySettings } from '../shared/identity-settings';
import { RequireLogin } from '../shared/RequireLogin';
import { RouteErrorBoundary } from '../shared/RouteErrorBoundary';
import { SessionKeeper } from '../shared/SessionKeeper';
import { PageTexts } from './page-texts';

/**
 * The account area: the frame of the protected pages (login check, header actions, side menu), and those pages.
 * It loads once a protected page is opened; each page's own code loads with that page.
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return { Screen: lazyNamed(load, name), load: () => loadCode(load) as Promise<unknown> };
}

const screens: Record<string, ReturnType<typeof screen>> = {
  '/': screen(() => import('../features/account/routes/AccountPage'), 'AccountPage'),
  '/personaldata': screen(() => import('../features/personal-data/routes/PersonalDataPage'), 'PersonalDataPage'),
  '/addresses': screen(() => import('../features/addresses/routes/AddressesPage'), 'AddressesPage'),
  '/addresses/addresschange': screen(() => import('../features/addresses/routes/AddressFormPage'), 'AddressChangePage'),
  '/addresses/addaddress': screen(() => import('../features/addresses/routes/AddressFormPage'), 'AddAddressPage'),
  '/accessdata': screen(() => import('../features/access-data/routes/AccessDataPage'), 'AccessDataPage'),
};

/** Starts loading a protected page's code (routes.tsx preloadPage). */
export function preloadAccountScreen(path: string): Promise<unknown> | undefined {
  return screens[path]?.load();
}

/** The protected page of a route path (the paths of routes.tsx's protected routes). */
export function AccountScreen({ path }: { path: string }) {
  const Screen = screens[path]?.Screen;
  return Screen ? <Screen /> : null;
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
  return (
    <PageTexts>
      <SiteLayout title={t('ap.title')} pageKey={pathname} headerActions={<AccountHeaderActions />}>
        <RequireLogin>
          <SessionKeeper />
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
