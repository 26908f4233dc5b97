import { useTranslation } from 'react-i18next';
import { matchPath, Route, Routes, useLocation } from 'react-router-dom';
import { identitySettingsQuery } from '@portal/identity';
import { SiteLayout, type IdentityGateProps } from '@portal/ui';
import { DoubleOptInDonePage } from '../features/double-opt-in/DoubleOptInDonePage';
import { ErrorPage } from '../features/errors/ErrorPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { subscriberTokenQueryOptions } from '../features/preferences/api/exchange-subscriber-token';
import { SESSION_ENDED_PATH, SessionEndedPage } from '../features/preferences/components/SessionEndedPage';
import { LINK_PATH, linkInState, PreferenceCentreEntry } from '../features/preferences/PreferenceCentreEntry';
import { TokenlessEntry } from '../features/preferences/TokenlessEntry';
import { UnsubscribeSuccessPage } from '../features/unsubscribe/UnsubscribeSuccessPage';
import { useLanguageCookie } from './language-cookie';

const TOKEN_ROUTE = '/preferences/token/:token';

/**
 * A centre opened from its link asks for the link's regToken and the provider's settings as soon as the identity
 * provider exists, beside the texts rather than after them (the warm-up this returns, for AppProviders): a round
 * trip less before the centre shows.
 */
export function prepareFirstPage(pathname: string): IdentityGateProps['warmUp'] {
  const jwt = matchPath(TOKEN_ROUTE, pathname)?.params.token;
  if (!jwt) return undefined;
  return (provider, client, metadata) => {
    void client.prefetchQuery(identitySettingsQuery(provider));
    void client.prefetchQuery(subscriberTokenQueryOptions(metadata.restApi, jwt));
  };
}

/**
 * LINK_PATH: the centre of the link whose token left the address (PreferenceCentreEntry); without one, the token-less
 * entry, as any other `/preferences/*` path.
 */
function LinkEntry() {
  return linkInState(useLocation().state) ? <PreferenceCentreEntry /> : <TokenlessEntry />;
}

/** Every route of spec 001 §2. */
export function AppRoutes() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useLanguageCookie();
  // The link's address and the one its token leaves it for are one page: announced once, the focus left alone.
  const page = pathname.startsWith(LINK_PATH) ? LINK_PATH : pathname;
  return (
    <SiteLayout title={t('mpp.title', { defaultValue: 'Präferenzcenter' })} pageKey={page}>
      <Routes>
        <Route path={TOKEN_ROUTE} element={<PreferenceCentreEntry />} />
        <Route path={LINK_PATH} element={<LinkEntry />} />
        <Route path="/preferences/double-opt-in-done" element={<DoubleOptInDonePage />} />
        <Route path="/preferences/error/:errorCodeParameter" element={<ErrorPage />} />
        <Route path={SESSION_ENDED_PATH} element={<SessionEndedPage />} />
        <Route path="/preferences/*" element={<TokenlessEntry />} />
        <Route path="/unsubscribe-success" element={<UnsubscribeSuccessPage />} />
        <Route path="/error/:errorCode" element={<ErrorPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </SiteLayout>
  );
}
