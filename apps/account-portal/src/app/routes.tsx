import { lazy, Suspense, use, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Route, Routes } from 'react-router-dom';
import { addMessages } from '@portal/i18n';
import { Loader, SiteLayout, UpcomingPage } from '@portal/ui';
import { RequireLogin } from '../shared/RequireLogin';
import { loadPageMessages } from './messages';

/** A named export loaded on first use. */
function lazyNamed<P, K extends string>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy<ComponentType<P>>(async () => ({ default: (await load())[name] }));
}

/**
 * Waits (suspends) until the texts of the pages after the first have loaded; /login needs none of them. `code`
 * starts loading the page's code meanwhile, so code and texts load side by side.
 */
function PageTexts({ children, code }: { children: ReactNode; code?: () => Promise<unknown> }) {
  const { i18n } = useTranslation();
  void code?.();
  use(addMessages(i18n, loadPageMessages));
  return <>{children}</>;
}

/**
 * Each page's code loads with the page, so that /login stays within its page weight budget; so do the texts of
 * every page but the login (`texts: false`).
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, { texts = true } = {}) {
  const Page = lazyNamed(load, name);
  return texts ? (
    <PageTexts code={load}>
      <Page />
    </PageTexts>
  ) : (
    <Page />
  );
}

// The account shell shows only on protected pages, so it loads with them rather than with /login.
const loadAccountShell = () => import('../features/account/components/AccountShell');
const AccountHeaderActions = lazyNamed<object, 'AccountHeaderActions'>(loadAccountShell, 'AccountHeaderActions');
const AccountShell = lazyNamed<{ children: ReactNode }, 'AccountShell'>(loadAccountShell, 'AccountShell');
const NotFoundPage = lazyNamed(() => import('../features/errors/NotFoundPage'), 'NotFoundPage');

/** Every route of spec 000 §2. Screens that later releases build show the upcoming-page notice meanwhile. */
export const accountPortalPaths = [
  '/',
  '/login',
  '/login/redirect',
  '/login/consent',
  '/login/reset-password/start',
  '/login/reset-password',
  '/registration',
  '/registration/confirmation',
  '/registration/finalize',
  '/update-confirmation',
  '/session-expired',
  '/social/link-accounts',
  '/double-opt-in-done',
  '/error/:errorCode',
  '/addresses',
  '/addresses/addresschange',
  '/addresses/addaddress',
  '/personaldata',
  '/accessdata',
  '/logout',
] as const;

type AccountPortalPath = (typeof accountPortalPaths)[number];

/** Pages that need a login (spec 000 §6); they show inside the account shell. */
const protectedPaths = new Set<AccountPortalPath>(['/', '/addresses', '/addresses/addresschange', '/addresses/addaddress', '/personaldata', '/accessdata']);

const builtScreens: Partial<Record<AccountPortalPath, ReactNode>> = {
  '/': page(() => import('../features/account/routes/AccountPage'), 'AccountPage'),
  '/login': page(() => import('../features/login/routes/LoginPage'), 'LoginPage', { texts: false }),
  '/login/reset-password/start': page(() => import('../features/password-reset/routes/PasswordResetStartPage'), 'PasswordResetStartPage'),
  '/login/reset-password': page(() => import('../features/password-reset/routes/PasswordResetPage'), 'PasswordResetPage'),
  '/registration': page(() => import('../features/registration/routes/RegistrationPage'), 'RegistrationPage'),
  '/registration/confirmation': page(() => import('../features/registration/routes/RegistrationConfirmationPage'), 'RegistrationConfirmationPage'),
  '/registration/finalize': page(() => import('../features/finalize/routes/FinalizeRegistrationPage'), 'FinalizeRegistrationPage'),
  '/update-confirmation': page(() => import('../features/finalize/routes/UpdateConfirmationPage'), 'UpdateConfirmationPage'),
  '/login/redirect': page(() => import('../features/single-sign-on/routes/LoginRedirectPage'), 'LoginRedirectPage'),
  '/login/consent': page(() => import('../features/single-sign-on/routes/ConsentPage'), 'ConsentPage'),
  '/logout': page(() => import('../features/logout/routes/LogoutPage'), 'LogoutPage'),
  '/social/link-accounts': page(() => import('../features/link-accounts/routes/LinkAccountsPage'), 'LinkAccountsPage'),
  '/session-expired': page(() => import('../features/session/SessionExpiredPage'), 'SessionExpiredPage'),
  '/double-opt-in-done': page(() => import('../features/double-opt-in/DoubleOptInDonePage'), 'DoubleOptInDonePage'),
  '/error/:errorCode': page(() => import('../features/errors/ErrorPage'), 'ErrorPage'),
};

function PublicFrame() {
  const { t } = useTranslation();
  return (
    <SiteLayout title={t('ap.title', { defaultValue: 'Kundenkonto' })}>
      <Suspense fallback={<Loader />}>
        <Outlet />
      </Suspense>
    </SiteLayout>
  );
}

function AccountFrame() {
  const { t } = useTranslation();
  return (
    <SiteLayout
      title={t('ap.title', { defaultValue: 'Kundenkonto' })}
      headerActions={
        <Suspense fallback={null}>
          <PageTexts code={loadAccountShell}>
            <AccountHeaderActions />
          </PageTexts>
        </Suspense>
      }
    >
      <RequireLogin>
        <Suspense fallback={<Loader />}>
          <PageTexts code={loadAccountShell}>
            <AccountShell>
              <Suspense fallback={<Loader />}>
                <Outlet />
              </Suspense>
            </AccountShell>
          </PageTexts>
        </Suspense>
      </RequireLogin>
    </SiteLayout>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AccountFrame />}>
        {accountPortalPaths
          .filter((path) => protectedPaths.has(path))
          .map((path) => (
            <Route key={path} path={path} element={builtScreens[path] ?? <UpcomingPage />} />
          ))}
      </Route>
      <Route element={<PublicFrame />}>
        {accountPortalPaths
          .filter((path) => !protectedPaths.has(path))
          .map((path) => (
            <Route key={path} path={path} element={builtScreens[path] ?? <UpcomingPage />} />
          ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
