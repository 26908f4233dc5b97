import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import type { Metadata } from '@portal/cms';
import { identitySettingsQuery, type IdentityProvider } from '@portal/identity';
import { SiteLayout, type IdentityGateProps } from '@portal/ui';
import { DoubleOptInDonePage } from '../features/double-opt-in/DoubleOptInDonePage';
import { ErrorPage } from '../features/errors/ErrorPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { subscriberTokenQueryOptions } from '../features/preferences/api/exchange-subscriber-token';
import { sessionLinkQueryOptions } from '../features/preferences/api/session-link';
import { SESSION_ENDED_PATH, SessionEndedPage } from '../features/preferences/components/SessionEndedPage';
import { LINK_PATH, linkInState, PreferenceCentreEntry } from '../features/preferences/PreferenceCentreEntry';
import { TokenlessEntry } from '../features/preferences/TokenlessEntry';
import { UnsubscribeSuccessPage } from '../features/unsubscribe/UnsubscribeSuccessPage';
import { useLanguageCookie } from './language-cookie';

const TOKEN_ROUTE = '/preferences/token/:token';
const DOUBLE_OPT_IN_DONE_PATH = '/preferences/double-opt-in-done';
const CENTRE_ERROR_ROUTE = '/preferences/error/:errorCodeParameter';

/**
 * The centre's start, where its title and the error page of a site that did not load lead: the centre of a
 * logged-in shopper, else the way to the link in the last mail (TokenlessEntry). Not `/`, the account portal's
 * start and on to its login, which a recipient of the centre's mails does not have (QA spec audit, 2026-11-30).
 */
export const CENTRE_HOME = '/preferences/';

/**
 * The link token of the page the app starts on. A mail's link: its token, taken out of the address as the app
 * starts, for LINK_PATH (the query, whose `lang` the language is detected by, and the tab's #anchor stay), and kept
 * in the history entry's state where the router gives it to the centre (usePageLink; PreferenceCentreEntry does the same
 * for a link the app navigates to). Not only once the centre shows: a site that does not load (metadata, content:
 * spec 001 §8) showed its error with the token in the address and the history (QA spec audit, 2026-11-30). The
 * centre reloaded at LINK_PATH: the token that state kept.
 */
export function takeFirstPageLink(): string | undefined {
  const { pathname, search, hash } = window.location;
  const token = matchPath(TOKEN_ROUTE, pathname)?.params.token;
  if (!token) return matchPath(LINK_PATH, pathname) ? linkInState((window.history.state as { usr?: unknown } | null)?.usr) : undefined;
  window.history.replaceState({ ...window.history.state, usr: { link: token } }, '', LINK_PATH + search + hash);
  return token;
}

/**
 * What the first page asks for as soon as the identity provider exists (the warm-up this returns, for AppProviders),
 * beside the texts and content rather than after them: a round trip or two less before the page shows. A centre
 * opened from its link (`jwt`) asks for the link's regToken and the provider's settings. The token-less entry
 * (`pathname`) asks for the session's link first, and with it the same: it waited for the texts and the content, and
 * the not-found page of a visitor without a login came after four requests in series (issue 16, 2026-11-30).
 */
export function prepareFirstPage(jwt: string | undefined, pathname: string): IdentityGateProps['warmUp'] {
  if (jwt) return (provider, client, metadata) => warmUpLink(jwt, provider, client, metadata);
  if (!opensTokenlessEntry(pathname)) return undefined;
  return (provider, client, metadata) => {
    // TokenlessEntry asks for a session link only where the metadata offers the centre and single sign-on.
    if (!metadata.marketingPreferenceCenter?.apiKey || !metadata.sso?.apiKey) return;
    client.fetchQuery(sessionLinkQueryOptions(metadata.restApi, provider)).then(
      (session) => session && warmUpLink(session.jwt, provider, client, metadata),
      // The entry shows the failure, when it asks for the same query.
      () => undefined,
    );
  };
}

function warmUpLink(jwt: string, provider: IdentityProvider, client: QueryClient, metadata: Metadata) {
  void client.prefetchQuery(identitySettingsQuery(provider));
  void client.prefetchQuery(subscriberTokenQueryOptions(metadata.restApi, jwt));
}

/** Whether the routes below show `pathname` with TokenlessEntry when the address holds no link token. */
function opensTokenlessEntry(pathname: string): boolean {
  return Boolean(matchPath('/preferences/*', pathname)) && ![DOUBLE_OPT_IN_DONE_PATH, CENTRE_ERROR_ROUTE, SESSION_ENDED_PATH].some((path) => matchPath(path, pathname));
}

/**
 * The link token of the page: the one the history entry's state keeps (PreferenceCentreEntry), else, at LINK_PATH, the
 * one this page last had. A hash changed in the address bar, by `location.hash` or by an anchor to a tab (the tab's
 * #anchor, spec 001 §2) is a new history entry of the same document that the browser makes without the state: the
 * centre found no token, asked for a session's link, and showed "not found" (QA). It stays open on that tab, and the
 * token goes into the new entry's state, for a reload and the way back to it; never into the address. Memory of this
 * page only: a new tab or a bookmark of LINK_PATH is a new document without the token, the token-less entry.
 */
function usePageLink(): string | undefined {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  const inState = linkInState(state);
  const [kept, setKept] = useState(inState);
  if (inState && inState !== kept) setKept(inState);
  const link = inState ?? (matchPath(LINK_PATH, pathname) ? kept : undefined);
  useEffect(() => {
    // The router's own replace: its location has the state the tabs and the way home pass on.
    if (link && !inState) void navigate({ pathname, search, hash }, { replace: true, state: { link } });
  }, [link, inState, navigate, pathname, search, hash]);
  return link;
}

/** Every route of spec 001 §2. */
export function AppRoutes() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const link = usePageLink();
  useLanguageCookie();
  // The link's address and the one its token leaves it for are one page: announced once, the focus left alone.
  const page = pathname.startsWith(LINK_PATH) ? LINK_PATH : pathname;
  // A page that has the link's token (the centre, in its history state) leads home to the link's centre, its first
  // tab, in the page: the token goes with it. A click that opens another tab or window is left to the browser.
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
        {/* The centre of the link whose token left the address; without one, the token-less entry. */}
        <Route path={LINK_PATH} element={link ? <PreferenceCentreEntry link={link} /> : <TokenlessEntry />} />
        <Route path={DOUBLE_OPT_IN_DONE_PATH} element={<DoubleOptInDonePage />} />
        <Route path={CENTRE_ERROR_ROUTE} element={<ErrorPage />} />
        <Route path={SESSION_ENDED_PATH} element={<SessionEndedPage />} />
        <Route path="/preferences/*" element={<TokenlessEntry />} />
        <Route path="/unsubscribe-success" element={<UnsubscribeSuccessPage />} />
        <Route path="/error/:errorCode" element={<ErrorPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </SiteLayout>
  );
}
