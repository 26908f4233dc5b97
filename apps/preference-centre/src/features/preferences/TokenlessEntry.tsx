import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useSite } from '@portal/cms';
import { useIdentity } from '@portal/identity';
import { Loader, useConnectionWait } from '@portal/ui';
import { issueSessionLink, useSessionLink } from './api/session-link';
import { CentreConnectionLostPage } from './components/ConnectionLost';
import { NotAvailablePage } from './components/NotAvailablePage';
import { SESSION_ENDED_PATH, type SessionEndedState } from './components/SessionEndedPage';
import { PreferenceCentre } from './PreferenceCentreEntry';

/**
 * `/preferences` and any other `/preferences/*` path: without a link token, the centre opens only for a
 * logged-in shopper (spec 001 §6), with a link token the service issues for the session. Single sign-on not
 * configured for the centre: the 'not available' page (spec 000 §2). Nobody logged in, or no preference centre
 * in the metadata: `/preferences/error/notfound`.
 */
export function TokenlessEntry() {
  const { metadata, content } = useSite();
  if (!metadata.marketingPreferenceCenter?.apiKey || !content.preferenceCentre) return <Navigate to="/preferences/error/notfound" replace />;
  if (!metadata.sso?.apiKey) return <NotAvailablePage />;
  return <SessionEntry />;
}

function SessionEntry() {
  const { metadata } = useSite();
  const { provider } = useIdentity();
  const { ended, markLogoutHere, endSession } = useSessionEnd();
  // A login in another tab (the account page's password check, a logout and login) ends the session the link was
  // issued for and opens a new one: the centre goes on with the new session's link, for the same account only.
  const relink = useCallback(async () => (await issueSessionLink(metadata.restApi, provider))?.jwt, [metadata.restApi, provider]);
  const session = useSessionLink(!ended);
  // A session link that waits for the connection is no missing login: the page says so and stays (it was "not found").
  const connection = useConnectionWait([session]);
  if (ended) return <Navigate to={SESSION_ENDED_PATH} replace state={ended} />;
  if (connection.lost && !connection.retrying) return <CentreConnectionLostPage onRetry={connection.retry} />;
  if (session.isPending || connection.retrying) return <Loader />;
  if (session.isError || !session.data) return <Navigate to="/preferences/error/notfound" replace />;
  return (
    <PreferenceCentre
      jwt={session.data.jwt}
      headerActions={<LogoutButton onLogout={markLogoutHere} />}
      failurePage={<SessionFailure onSessionEnded={endSession} />}
      relink={relink}
      onAccountChanged={endSession}
    />
  );
}

/**
 * Whichever app logs out (this page's button, the account portal in another tab), or a failed load or save finds
 * the session ended (endSession), the centre leaves the account for the session-ended page, which says "you have
 * logged out" when this page's button did it (it led to "page not found": QA). The entry itself takes the centre
 * off the screen, then the account's data leaves the page's memory: removed while the centre still asked for its
 * session link, the link was asked for again, and its "no session" answer could overtake the way to the
 * session-ended page.
 */
function useSessionEnd() {
  const { provider } = useIdentity();
  const queryClient = useQueryClient();
  const [ended, setEnded] = useState<SessionEndedState>();
  const loggingOutHere = useRef(false);
  useEffect(() => {
    const offLogout = provider.onLogout(() => setEnded({ loggedOutHere: loggingOutHere.current }));
    // A login as somebody else (in the account portal) must not show the previous shopper's data.
    const offLogin = provider.onLogin(() => void queryClient.invalidateQueries({ queryKey: ['preference-centre'] }));
    return () => {
      offLogout();
      offLogin();
    };
  }, [provider, queryClient]);
  useEffect(() => {
    if (ended) queryClient.removeQueries({ queryKey: ['preference-centre'] });
  }, [ended, queryClient]);
  const markLogoutHere = useCallback(() => {
    loggingOutHere.current = true;
  }, []);
  const endSession = useCallback(() => setEnded({}), []);
  return { ended, markLogoutHere, endSession };
}

/**
 * The session's centre failed to load, or to renew its regToken for a save: the link token the service issued
 * ends with the session. The service is asked whether the shopper is still logged in: a session that ended
 * meanwhile (a logout in another tab, a password change) is the session-ended page with the login, not the mail
 * link's error page (QA), and the account's data leaves the page's memory as after a logout here. Still logged in,
 * the failure is the loading error page, as for a link.
 */
function SessionFailure({ onSessionEnded }: { onSessionEnded: () => void }) {
  const { metadata } = useSite();
  const { provider } = useIdentity();
  // Its own key: the entry's session link stays as it was, so the entry does not take over with "not found".
  const check = useQuery({
    queryKey: ['preference-centre', 'session-check'],
    queryFn: async () => (await issueSessionLink(metadata.restApi, provider)) !== undefined,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const ended = check.data === false;
  useEffect(() => {
    if (ended) onSessionEnded();
  }, [ended, onSessionEnded]);
  if (check.isPending || ended) return <Loader />;
  return <Navigate to="/preferences/error/preferences.loading" replace />;
}

/** The logout for a logged-in shopper (`accounts.logout`); its failure is only logged (spec 001 §8). */
function LogoutButton({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const { provider } = useIdentity();
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => {
        onLogout();
        void provider.logout().then(
          (answer) => {
            if (answer.errorCode !== 0) console.warn('preference centre: logout answered', answer.errorCode);
          },
          (error: unknown) => console.warn('preference centre: logout failed', error),
        );
      }}
    >
      {t('mpp.button.logout', { defaultValue: 'Abmelden' })}
    </button>
  );
}
