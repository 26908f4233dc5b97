import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
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
 * The centre's start, where its title and the error page of a site that did not load lead: the centre of a
 * logged-in shopper, else the way to the link in the last mail (TokenlessEntry). Not `/`, the account portal's
 * start and on to its login, which a recipient of the centre's mails does not have (QA spec audit, 2026-11-30).
 */
export const CENTRE_HOME = '/preferences/';

/**
 * The link's token, taken out of the address as the app starts, for LINK_PATH (the query, whose `lang` the language
 * is detected by, and the tab's #anchor stay), and kept in the history entry's state where the router gives it to
 * the centre (PreferenceCentreEntry, which does the same for a link the app navigates to). Not only once the centre
 * shows: a site that does not load (metadata, content: spec 001 §8) showed its error with the token in the address
 * and the history (QA spec audit, 2026-11-30).
 */
export function takeLinkFromAddress(): string | undefined {
  const { pathname, search, hash } = window.location;
  const token = matchPath(TOKEN_ROUTE, pathname)?.params.token;
  if (token) window.history.replaceState({ ...window.history.state, usr: { link: token } }, '', LINK_PATH + search + hash);
  return token;
}

/**
 * A centre opened from its link (`jwt`) asks for the link's regToken and the provider's settings as soon as the
 * identity provider exists, beside the texts rather than after them (the warm-up this returns, for AppProviders): a
 * round trip less before the centre shows.
 */
export function prepareFirstPage(jwt: string | undefined): IdentityGateProps['warmUp'] {
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
  const { pathname, state } = useLocation();
  const navigate = useNavigate();
  useLanguageCookie();
  // The link's address and the one its token leaves it for are one page: announced once, the focus left alone.
  const page = pathname.startsWith(LINK_PATH) ? LINK_PATH : pathname;
  // A page that has the link's token (the centre, in its history state) leads home to the link's centre, its first
  // tab, in the page: the token goes with it. A click that opens another tab or window is left to the browser.
  const link = linkInState(state);
  const home = link
    ? {
        href: LINK_PATH,
        onClick: (event: MouseEvent) => {
          if (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          void navigate(LINK_PATH, { state: { link } });
        },
      }
    : { href: CENTRE_HOME };
  return (
    <SiteLayout title={t('mpp.title', { defaultValue: 'Präferenzcenter' })} pageKey={page} home={home}>
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
