import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { SiteLayout, UpcomingPage } from '@portal/ui';
import { DoubleOptInDonePage } from '../features/double-opt-in/DoubleOptInDonePage';
import { ErrorPage } from '../features/errors/ErrorPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { SessionExpiredPage } from '../features/session/SessionExpiredPage';

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

const builtScreens: Partial<Record<(typeof accountPortalPaths)[number], React.ReactNode>> = {
  '/session-expired': <SessionExpiredPage />,
  '/double-opt-in-done': <DoubleOptInDonePage />,
  '/error/:errorCode': <ErrorPage />,
};

export function AppRoutes() {
  const { t } = useTranslation();
  return (
    <SiteLayout title={t('ap.title', { defaultValue: 'Kundenkonto' })}>
      <Routes>
        {accountPortalPaths.map((path) => (
          <Route key={path} path={path} element={builtScreens[path] ?? <UpcomingPage />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </SiteLayout>
  );
}
