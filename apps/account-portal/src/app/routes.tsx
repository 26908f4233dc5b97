import type { i18n as I18n } from 'i18next';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { identitySettingsQuery } from '@portal/identity';
import { Loader, PageLoader, SiteLayout, type IdentityGateProps } from '@portal/ui';
import { lazyNamed, loadCode } from '../shared/load-page';
import { accountPortalPathOf, accountPortalPaths, type AccountPortalPath } from '../shared/navigation';
import { FrameErrorBoundary, PageFailed, RouteErrorBoundary } from '../shared/RouteErrorBoundary';
import { loadSignInMessages } from './messages';
import { addPageTexts, PageTexts } from './page-texts';

/**
 * A page's route element, the loader of its code, and what else it needs (all started ahead of the first render
 * when it is the first page: preloadPage, prepareFirstPage).
 */
interface Screen {
  element: ReactNode;
  load: () => Promise<unknown>;
  /** Starts loading the texts it shows beyond the first page's (PageTexts), if any. */
  addTexts: ((i18n: I18n) => void) | undefined;
  /** Shows the identity settings (schema, password policy, consent statements). */
  identitySettings: boolean;
  /** Pages it sends the shopper on to at once, whose code loads beside its own when it is the first page. */
  onward: readonly string[];
}

/**
 * Each page's code loads with the page, so that /login stays within its page weight budget; so do the texts of
 * every page but the login (`texts` false).
 */
function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  { texts = true, identitySettings = false, onward = [] }: { texts?: boolean } & Partial<Pick<Screen, 'identitySettings' | 'onward'>> = {},
): Screen {
  const Page = lazyNamed(load, name);
  const code = () => loadCode(load);
  return {
    element: texts ? (
      <PageTexts code={code} own={loadSignInMessages}>
        <Page />
      </PageTexts>
    ) : (
      <Page />
    ),
    load: code,
    addTexts: texts ? (i18n) => addPageTexts(i18n, loadSignInMessages) : undefined,
    identitySettings,
    onward,
  };
}

// The account area (its frame with shell and login check, and the protected pages) shows only after a login, so it
// loads with those pages rather than with /login; each protected page's code loads with that page (account-area.tsx).
const loadAccountArea = () => import('./account-area');
const AccountArea = lazyNamed<object, 'AccountArea'>(loadAccountArea, 'AccountArea');
const AccountScreen = lazyNamed<{ path: string }, 'AccountScreen'>(loadAccountArea, 'AccountScreen');

/** Pages that need a login (spec 000 §6); they show inside the account shell. */
const protectedPathList = ['/', '/addresses', '/addresses/addresschange', '/addresses/addaddress', '/personaldata', '/accessdata'] as const satisfies readonly AccountPortalPath[];
type PublicPath = Exclude<AccountPortalPath, (typeof protectedPathList)[number]>;
const protectedPaths = new Set<AccountPortalPath>(protectedPathList);
const isPublicPath = (path: AccountPortalPath): path is PublicPath => !protectedPaths.has(path);

// Every public path has its screen: the type makes a route without one a compile error.
const publicScreens: Record<PublicPath, Screen> = {
  '/login': page(() => import('../features/login/routes/LoginPage'), 'LoginPage', { texts: false }),
  '/login/reset-password/start': page(() => import('../features/password-reset/routes/PasswordResetStartPage'), 'PasswordResetStartPage'),
  '/login/reset-password': page(() => import('../features/password-reset/routes/PasswordResetPage'), 'PasswordResetPage', { identitySettings: true }),
  '/registration': page(() => import('../features/registration/routes/RegistrationPage'), 'RegistrationPage', { identitySettings: true }),
  '/registration/confirmation': page(() => import('../features/registration/routes/RegistrationConfirmationPage'), 'RegistrationConfirmationPage'),
  '/registration/finalize': page(() => import('../features/finalize/routes/FinalizeRegistrationPage'), 'FinalizeRegistrationPage', { identitySettings: true }),
  '/update-confirmation': page(() => import('../features/finalize/routes/UpdateConfirmationPage'), 'UpdateConfirmationPage'),
  // Without single sign-on or a login, the redirect page goes straight on to the login.
  '/login/redirect': page(() => import('../features/single-sign-on/routes/LoginRedirectPage'), 'LoginRedirectPage', { onward: ['/login'] }),
  '/login/consent': page(() => import('../features/single-sign-on/routes/ConsentPage'), 'ConsentPage'),
  '/logout': page(() => import('../features/logout/routes/LogoutPage'), 'LogoutPage'),
  '/social/link-accounts': page(() => import('../features/link-accounts/routes/LinkAccountsPage'), 'LinkAccountsPage'),
  '/session-expired': page(() => import('../features/session/SessionExpiredPage'), 'SessionExpiredPage'),
  '/double-opt-in-done': page(() => import('../features/double-opt-in/DoubleOptInDonePage'), 'DoubleOptInDonePage'),
  '/error/:errorCode': page(() => import('../features/errors/ErrorPage'), 'ErrorPage'),
};

/**
 * Starts loading the code of the page at `pathname` before the first render (main.tsx). Rendering asks for it
 * only once metadata and the texts are in; asked for now, it arrives beside them (largest contentful paint). A
 * failure here is left to the render's own load, which retries and shows the error page.
 */
export function preloadPage(pathname: string) {
  const screen = screenAt(pathname);
  for (const code of [screen, ...(screen?.onward ?? []).map(screenAt)]) code?.load().catch(() => undefined);
}

/**
 * The first page's texts load with the site's rather than after them (PageTexts would ask for them only once the
 * site is shown), and its identity settings as soon as the identity provider exists (the warm-up this returns,
 * for AppProviders): each a round trip less before the page shows.
 */
export function prepareFirstPage(pathname: string, i18n: I18n): IdentityGateProps['warmUp'] {
  const screen = screenAt(pathname);
  screen?.addTexts?.(i18n);
  if (!screen?.identitySettings) return undefined;
  return (provider, client) => void client.prefetchQuery(identitySettingsQuery(provider));
}

/** What the account area's pages share: its frame's code and texts, and the settings it asks for ahead of them. */
function accountScreen(path: AccountPortalPath): Omit<Screen, 'element'> {
  return {
    load: () => loadCode(loadAccountArea).then((area) => area.preloadAccountScreen(path)),
    // The account pages' own texts are known to the account area's code alone (account-page-texts.ts).
    addTexts: (i18n) => {
      addPageTexts(i18n);
      loadCode(loadAccountArea).then((area) => area.addAccountTexts(i18n, path), () => undefined);
    },
    identitySettings: true,
    onward: [],
  };
}

function screenAt(pathname: string): Omit<Screen, 'element'> | undefined {
  const path = accountPortalPathOf(pathname);
  if (!path) return undefined;
  return isPublicPath(path) ? publicScreens[path] : accountScreen(path);
}

/** The site's frame without the account area's: around the public pages, and around the account area's failure. */
function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <SiteLayout title={t('ap.title')} pageKey={pathname}>
      {children}
    </SiteLayout>
  );
}

function PublicFrame() {
  return (
    <PublicLayout>
      <RouteErrorBoundary>
        <Suspense fallback={<Loader />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </PublicLayout>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        element={
          <FrameErrorBoundary
            failed={(errorCode) => (
              <PublicLayout>
                <PageFailed errorCode={errorCode} />
              </PublicLayout>
            )}
          >
            {/* Outside any frame: the loader brings the page's main landmark (a visitor sent on from a public page
                meets it while the account area's code or texts load, and an accessibility scan may too). */}
            <Suspense fallback={<PageLoader />}>
              <AccountArea />
            </Suspense>
          </FrameErrorBoundary>
        }
      >
        {accountPortalPaths
          .filter((path) => protectedPaths.has(path))
          .map((path) => (
            <Route key={path} path={path} element={<AccountScreen path={path} />} />
          ))}
      </Route>
      <Route element={<PublicFrame />}>
        {accountPortalPaths
          .filter(isPublicPath)
          .map((path) => (
            <Route key={path} path={path} element={publicScreens[path].element} />
          ))}
        <Route path="*" element={<PageFailed code="404" />} />
      </Route>
    </Routes>
  );
}
