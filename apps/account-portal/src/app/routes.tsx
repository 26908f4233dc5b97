import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Route, Routes } from 'react-router-dom';
import { Loader, SiteLayout, UpcomingPage } from '@portal/ui';
import { AccountHeaderActions, AccountShell } from '../features/account/components/AccountShell';
import { DoubleOptInDonePage } from '../features/double-opt-in/DoubleOptInDonePage';
import { ErrorPage } from '../features/errors/ErrorPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { SessionExpiredPage } from '../features/session/SessionExpiredPage';
import { RequireLogin } from '../shared/RequireLogin';

/** Each page's code loads with the page, so that /login stays within its page weight budget. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] as ComponentType }));
  return <Page />;
}

/** Every route of spec 000 §2. Screens that later releases build show the upcoming-page notice meanwhile. */
export const accountPortalPaths = [
  '/',
  '/login',
  '/login/redirect',
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
  '/login': page(() => import('../features/login/routes/LoginPage'), 'LoginPage'),
  '/registration': page(() => import('../features/registration/routes/RegistrationPage'), 'RegistrationPage'),
  '/registration/confirmation': page(() => import('../features/registration/routes/RegistrationConfirmationPage'), 'RegistrationConfirmationPage'),
  '/registration/finalize': page(() => import('../features/finalize/routes/FinalizeRegistrationPage'), 'FinalizeRegistrationPage'),
  '/update-confirmation': page(() => import('../features/finalize/routes/UpdateConfirmationPage'), 'UpdateConfirmationPage'),
  '/logout': page(() => import('../features/logout/routes/LogoutPage'), 'LogoutPage'),
  '/session-expired': <SessionExpiredPage />,
  '/double-opt-in-done': <DoubleOptInDonePage />,
  '/error/:errorCode': <ErrorPage />,
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
    <SiteLayout title={t('ap.title', { defaultValue: 'Kundenkonto' })} headerActions={<AccountHeaderActions />}>
      <RequireLogin>
        <AccountShell>
          <Suspense fallback={<Loader />}>
            <Outlet />
          </Suspense>
        </AccountShell>
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
