import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useSite } from '@portal/cms';
import { isUnauthorized, SessionKeeping, useIdentity } from '@portal/identity';
import { useOtherTabs } from '@portal/identity/other-tabs';
import { Dialog, Loader, useConnectionWait } from '@portal/ui';
import { issueSessionLink, useSessionLink } from './api/session-link';
import { CentreConnectionLostPage } from './components/ConnectionLost';
import { NotAvailablePage } from './components/NotAvailablePage';
import { SESSION_ENDED_PATH, type SessionEndedState } from './components/SessionEndedPage';
import { PreferenceCentre, useFailureOverUnsavedChanges } from './PreferenceCentreEntry';

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
  const { ended, markLogoutHere, sessionEnded, accountChanged, loggedOutElsewhere, sessionOver, sessionGoesOn } = useSessionEnd();
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
      failurePage={<SessionFailure onSessionEnded={sessionEnded} expired={!loggedOutElsewhere} sessionOver={sessionOver} />}
      sessionOver={sessionOver}
      sessionGoesOn={sessionGoesOn}
      relink={relink}
      onAccountChanged={accountChanged}
    />
  );
}

/**
 * Whichever app logs out (this page's button, the account portal in another tab), or a failed load or save finds
 * the session ended (sessionEnded), or the session's link opens another account (accountChanged), the centre leaves
 * the account for the session-ended page, which says "you have logged out" when this page's button did it (it led to
 * "page not found": QA), and that the session expired when the service no longer has it and no tab said that the
 * shopper logs out there (the account portal's /logout says so, useOtherTabs): it said "you were logged out, in
 * another window perhaps" of a session that had run out (QA, 2026-11-30). The entry itself takes the centre off the
 * screen, then the account's data leaves the page's memory: removed while the centre still asked for its session
 * link, the link was asked for again, and its "no session" answer could overtake the way to the session-ended page.
 *
 * `sessionOver`: the service said that the session has ended when the centre asked (useSessionCheck), which the
 * centre takes as a failure of its session (SessionFailure): its link and regToken go on for up to two hours after
 * the session idled out or another tab logged out, and the centre showed "Abmelden" and the account's data all that
 * time (QA, 2026-11-30). Not after this page's own logout, whose page says that the shopper logged out.
 */
function useSessionEnd() {
  const { provider } = useIdentity();
  const queryClient = useQueryClient();
  const [ended, setEnded] = useState<SessionEndedState>();
  const loggingOutHere = useRef(false);
  const [sessionOver, setSessionOver] = useState(false);
  const { check: checkSession, goesOn: sessionGoesOn } = useSessionCheck(useCallback(() => setSessionOver(!loggingOutHere.current), []));
  const loggedOutElsewhere = useOtherTabs(checkSession);
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
  const sessionEnded = useCallback(() => setEnded(loggedOutElsewhere ? {} : { expired: true }), [loggedOutElsewhere]);
  const accountChanged = useCallback(() => setEnded({}), []);
  return { ended, markLogoutHere, sessionEnded, accountChanged, loggedOutElsewhere, sessionOver, sessionGoesOn };
}

/** At work in the centre, the shopper's actions ask the service at most this often (the account pages renew as often), */
const ASK_AT_WORK_AFTER_MS = 5 * 60_000;

/**
 * … and sooner with a short idle limit (metadata identity.sessionIdleSeconds): soon enough that work keeps the session
 * alive, which the service may date a minute early (SessionKeeping.touchInterval). Another provider keeps its own
 * sessions: the contract's shortest idle limit stands in for its unknown one.
 */
function askAtWorkAfter(idleSeconds = 0): number {
  const idleMs = Math.max(idleSeconds * 1000, SessionKeeping.idleMinimum);
  return Math.min(ASK_AT_WORK_AFTER_MS, idleMs - 2 * SessionKeeping.touchInterval);
}

/**
 * Asks the service whether the session the centre was opened for goes on, by a bare look-up (getAccountInfo without a
 * regToken, which the session's cookie or the vendor's SDK answers), and calls `onOver` when it answers 403005. The
 * centre's link and regToken outlive a session that idled out (the service lets them, so that work in the centre is
 * no idle time), so the centre would not learn of it by itself. It asks when it can know: when another tab says that
 * the browser's session changed (the check useOtherTabs runs), when the tab is shown again or its window gets the
 * focus, and at the shopper's first action (a key, a pointer) after askAtWorkAfter without a look-up, which also
 * keeps the session of a shopper at work alive, as the account pages' SessionKeeper does. Never on a timer: a tab left
 * open must not keep the session alive, nor ask the service for nobody. One look-up at a time (focus and
 * visibilitychange come together); one that gets no answer changes nothing.
 *
 * `goesOn`: the answer of the look-up under way, else of the last one, which a save waits for: the look-up a click on
 * Save starts (its pointerdown) comes first, and a save sent beside it was written after the session had ended
 * (QA, 2026-11-30).
 */
function useSessionCheck(onOver: () => void): { check: () => Promise<boolean>; goesOn: () => Promise<boolean> } {
  const { metadata } = useSite();
  const { provider } = useIdentity();
  const quietFor = askAtWorkAfter(metadata.identity.sessionIdleSeconds);
  const asked = useRef<{ at: number; answer?: Promise<boolean>; over?: boolean }>({ at: 0 });
  const check = useCallback(() => {
    if (asked.current.answer) return asked.current.answer;
    const answer = provider.getAccountInfo({}).then(
      (info) => !isUnauthorized(info),
      () => true,
    );
    asked.current = {
      at: Date.now(),
      answer: answer.then((goesOn) => {
        asked.current = { at: asked.current.at, over: !goesOn };
        if (!goesOn) onOver();
        return goesOn;
      }),
    };
    return asked.current.answer!;
  }, [provider, onOver]);
  const goesOn = useCallback(() => asked.current.answer ?? Promise.resolve(!asked.current.over), []);
  useEffect(() => {
    // The page opened with the session in use (its link was issued for it just now).
    asked.current.at = Date.now();
    const onShown = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const atWork = () => {
      if (Date.now() - asked.current.at >= quietFor) void check();
    };
    const actions = ['keydown', 'pointerdown'] as const;
    for (const action of actions) document.addEventListener(action, atWork, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onShown);
    window.addEventListener('focus', onShown);
    return () => {
      for (const action of actions) document.removeEventListener(action, atWork, { capture: true });
      document.removeEventListener('visibilitychange', onShown);
      window.removeEventListener('focus', onShown);
    };
  }, [check, quietFor]);
  return { check, goesOn };
}

/**
 * The session's centre failed to load, or to renew its regToken for a save: the link token the service issued
 * ends with the session. The service is asked whether the shopper is still logged in (not again when the entry's
 * look-up has just found the session over, `sessionOver`): a session that ended meanwhile (it expired, a logout in
 * another tab, a password change) is the session-ended page with the login, not the mail link's error page (QA), and
 * the account's data leaves the page's memory as after a logout here. Still logged in, the failure is the loading
 * error page, as for a link. Over a form with changes not saved, the centre
 * stays in view and a dialog says that the session ended (`expired`: it ran out) and that the changes were not saved;
 * its OK leads on (QA, 2026-11-30: the page went on by itself, and the shopper's toggle was gone without a word).
 */
function SessionFailure({ onSessionEnded, expired, sessionOver }: { onSessionEnded: () => void; expired: boolean; sessionOver: boolean }) {
  const { metadata } = useSite();
  const { provider } = useIdentity();
  // Its own key: the entry's session link stays as it was, so the entry does not take over with "not found".
  const check = useQuery({
    queryKey: ['preference-centre', 'session-check'],
    queryFn: async () => (await issueSessionLink(metadata.restApi, provider)) !== undefined,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    enabled: !sessionOver,
  });
  const ended = sessionOver || check.data === false;
  const unsaved = useFailureOverUnsavedChanges();
  useEffect(() => {
    if (ended && !unsaved) onSessionEnded();
  }, [ended, unsaved, onSessionEnded]);
  if (ended && unsaved) return <UnsavedChangesDialog expired={expired} onContinue={onSessionEnded} />;
  // Over the form, the check goes unseen: most often it finds the session going on.
  if (check.isPending || ended) return unsaved ? null : <Loader />;
  return <Navigate to="/preferences/error/preferences.loading" replace />;
}

/** The session ended under a form with changes not saved: said, with the reason, before the centre goes. */
function UnsavedChangesDialog({ expired, onContinue }: { expired: boolean; onContinue: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={
        expired
          ? t('mpp.session.expired.headline', { defaultValue: 'Ihre Sitzung ist abgelaufen.' })
          : t('mpp.session.ended.headline', { defaultValue: 'Ihre Sitzung ist beendet.' })
      }
      onClose={onContinue}
      actions={
        <button type="button" className="button" onClick={onContinue}>
          {t('mpp.button.ok', { defaultValue: 'OK' })}
        </button>
      }
    >
      <p>{t('mpp.session.unsaved.text', { defaultValue: 'Ihre letzten Änderungen wurden nicht gespeichert.' })}</p>
      <p>
        {expired
          ? t('mpp.session.expired.text', { defaultValue: 'Bitte melden Sie sich erneut an; Ihre Einstellungen öffnen Sie dann über Ihr Kundenkonto.' })
          : t('mpp.session.ended.text', {
              defaultValue: 'Sie wurden abgemeldet, zum Beispiel in einem anderen Fenster. Bitte melden Sie sich erneut an; Ihre Einstellungen öffnen Sie dann über Ihr Kundenkonto.',
            })}
      </p>
    </Dialog>
  );
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
