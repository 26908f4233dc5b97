import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { SiteLayout } from '@portal/ui';
import { DoubleOptInDonePage } from '../features/double-opt-in/DoubleOptInDonePage';
import { ErrorPage } from '../features/errors/ErrorPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { PreferenceCentreEntry } from '../features/preferences/PreferenceCentreEntry';
import { TokenlessEntry } from '../features/preferences/TokenlessEntry';
import { UnsubscribeSuccessPage } from '../features/unsubscribe/UnsubscribeSuccessPage';
import { useLanguageCookie } from './language-cookie';

/** Every route of spec 001 §2. */
export function AppRoutes() {
  const { t } = useTranslation();
  useLanguageCookie();
  return (
    <SiteLayout title={t('mpp.title', { defaultValue: 'Präferenzcenter' })}>
      <Routes>
        <Route path="/preferences/token/:token" element={<PreferenceCentreEntry />} />
        <Route path="/preferences/double-opt-in-done" element={<DoubleOptInDonePage />} />
        <Route path="/preferences/error/:errorCodeParameter" element={<ErrorPage />} />
        <Route path="/preferences/*" element={<TokenlessEntry />} />
        <Route path="/unsubscribe-success" element={<UnsubscribeSuccessPage />} />
        <Route path="/error/:errorCode" element={<ErrorPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </SiteLayout>
  );
}
