import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Navigate, useLocation } from 'react-router-dom';
import { isSuccess, isUnauthorized, useIdentity } from '@portal/identity';
import { useOtherTabs } from '@portal/identity/other-tabs';
import { Loader, useRevealed } from '@portal/ui';
import { useDraftKeeping } from './form-draft';
import type { LoginState } from './navigation';

/**
 * Account pages need a login; a logged-out visitor goes to /login, which returns here afterwards (spec 000 §2) and,
 * when the session ended under the page, says so, unless another tab said that the shopper logs out there (its
 * /logout): the login said "Ihre Sitzung ist abgelaufen…" to a shopper who had logged out on purpose (QA spec audit,
 * 2026-11-30). A page the browser brings back from its back/forward cache shows again only once the session is
 * confirmed (useSessionCheckOnReturn). A form the ended session leaves with unsaved values is kept for after the login
 * (useDraftKeeping, WCAG 2.2.5).
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { account, ready } = useIdentity();
  const location = useLocation();
  const [checking, loggedOutElsewhere] = useSessionCheckOnReturn(account.loggedIn, account.UID, location.pathname);
  useDraftKeeping(account);
  if (!useRevealed(ready)) return <Loader />;
  if (!account.loggedIn) {
    const state: LoginState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
      ...(account.sessionEnded && !loggedOutElsewhere ? { sessionEnded: true } : {}),
    };
    return <Navigate to="/login" replace state={state} />;
  }
  // Hidden, not unmounted, while the session is checked: what the shopper had typed stays for a session that goes on.
  return (
    <>
      {checking ? <Loader /> : null}
      <div hidden={checking}>{children}</div>
    </>
  );
}

/**
 * Whether an account page is hidden because the browser brought it back from its back/forward cache. The cache
 * keeps the page as it was left, and a logout meanwhile (/logout typed in the tab, a partner's logout, another
 * tab's) never reached it: Back showed the shopper's name, birth date and address on a shared computer (spec 000
 * §6, QA). The page hides as it is put away (the first picture after the return is then no longer the page) and on
 * its return asks the service: the same account's session shows the page again as it was; none, and the watched
 * provider logs out, which sends the shopper to the login; another account's, and the page goes to the login too
 * (checkSession); no answer reads the account again, which logs out on a failure (spec 001 §4). Pages the cache does
 * not keep (not persisted) load afresh anyway, and the back navigation stays fast for a session that goes on.
 *
 * The same question is asked, without hiding the page, whenever another tab says the browser's session changed (the
 * account store announces a login, a logout or an ended session) and whenever the tab is shown again: a tab left on
 * one account's page saved into the account another tab had logged in since, and said "saved" (QA). No answer then
 * leaves the page as it is: the connection may be down, and the save checks again (shownAccountSession).
 *
 * And whenever the shopper moves to another account page (`pathname`): a second device left logged in showed its
 * account pages, the name, birth date and address, page after page after the shopper had changed the password or the
 * e-mail address elsewhere to end every other session, until its next save or focus (QA, 2026-11-30). One bare
 * look-up a move (the service answers it from its session table in under a millisecond); the page shows at once and
 * goes to the login when the answer says the session has ended.
 */
function useSessionCheckOnReturn(loggedIn: boolean, uid: string | undefined, pathname: string): [checking: boolean, loggedOutElsewhere: boolean] {
  const { provider, refresh } = useIdentity();
  const [checking, setChecking] = useState(false);
  // The account the page shows, read when the service answers (the effect stays put while the account changes).
  const shown = useRef(uid);
  useEffect(() => {
    shown.current = uid;
  }, [uid]);
  // The check of the effect below, for the moves between pages and the other tabs' word; none while logged out.
  const checkSessionRef = useRef<(() => void) | undefined>(undefined);
  // The logout page's word comes before its logout, whose change of the session the account store tells next (the
  // check then finds the session ended by that logout); the page takes it back when the logout failed.
  const loggedOutElsewhere = useOtherTabs(useCallback(() => checkSessionRef.current?.(), []));
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    checkSessionRef.current?.();
  }, [pathname]);
  useEffect(() => {
    if (!loggedIn) return undefined;
    let run = 0;
    // Rendered at once: React would otherwise render after the browser has painted the page again.
    const hide = (event: PageTransitionEvent) => {
      if (event.persisted) flushSync(() => setChecking(true));
    };
    const check = async (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      hide(event);
      const mine = ++run;
      // A bare look-up, as the session keeper's: the account store's refresh would reset the forms.
      const answer = await provider.getAccountInfo({}).catch(() => undefined);
      if (mine !== run) return;
      if (answer && isUnauthorized(answer)) return; // the watched provider logs out; the page stays hidden
      if (answer && isSuccess(answer) && answer.UID !== shown.current) return refresh({ sessionEnded: true });
      if (!answer || !isSuccess(answer)) await refresh();
      if (mine === run) setChecking(false);
    };
    let asking = false;
    const checkSession = async () => {
      if (asking) return; // focus and visibilitychange come together
      asking = true;
      const answer = await provider.getAccountInfo({}).catch(() => undefined);
      asking = false;
      // 403005: the watched provider has logged out. Another account: this page's account is no longer the session's.
      if (answer && isSuccess(answer) && answer.UID !== shown.current) await refresh({ sessionEnded: true });
    };
    const onShow = (event: PageTransitionEvent) => void check(event);
    const onChange = () => void checkSession();
    checkSessionRef.current = onChange;
    window.addEventListener('pagehide', hide);
    window.addEventListener('pageshow', onShow);
    window.addEventListener('focus', onChange);
    document.addEventListener('visibilitychange', onChange);
    return () => {
      run++;
      checkSessionRef.current = undefined;
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('pageshow', onShow);
      window.removeEventListener('focus', onChange);
      document.removeEventListener('visibilitychange', onChange);
    };
  }, [loggedIn, provider, refresh]);
  return [checking, loggedOutElsewhere];
}
