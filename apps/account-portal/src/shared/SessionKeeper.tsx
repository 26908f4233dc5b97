import { useCallback, useEffect, useRef, useState, type ComponentProps } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSite } from '@portal/cms';
import { SessionKeeping, useIdentity, type GetAccountInfoResponse } from '@portal/identity';
import { InBackground } from './InBackground';
import { lazyNamed } from './load-page';
import type { SessionEndWarning as EndWarning } from './SessionWarning';

/** How long before the end the warning comes: time enough to read it and answer (WCAG 2.2.1 asks for 20 s). */
const SESSION_WARNING_MS = SessionKeeping.warningLead;
/** The service records a session's activity at most this often, so it may date a call up to this much earlier. */
const SLACK_MS = SessionKeeping.touchInterval;
/** A shopper at work (typing, clicking) renews the session at most this often, */
const RENEW_AFTER_MS = 5 * 60_000;
/** and at the latest this long before the warning would come, which a short idle limit brings sooner. */
const RENEW_AHEAD_MS = 60_000;
/** How often the clock is looked at: a tab held back or a laptop woken catches up at the next look. */
const TICK_MS = 10_000;
/** How long before the session's absolute end the shopper is told that it ends: time to finish and save a form. */
const END_WARNING_MS = SessionKeeping.endWarningLead;
/** An end told within this much of the known one is the same end: each answer's way back takes its own seconds. */
const SAME_END_MS = 60_000;

/**
 * The embedded provider ends a session after `sessionIdleSeconds` without a request (metadata), and whatever a
 * form held unsaved was lost with it (WCAG 2.2.1, QA keyboard round). While the shopper works on a page the
 * session is renewed now and then; two minutes before it would end unused a dialog asks whether to stay logged
 * in. It also ends 12 hours after its login however it is used (its absolute end, which the service tells); five
 * minutes before that a notice says so, to save now (2026-11-30). Left alone, the session ends, and the account
 * area sends the shopper to the login, which says why. Another provider keeps its own sessions: nothing to do
 * then. `openedAt`: when the page opened, which used the session last as far as the keeper knows.
 */
export function SessionKeeper({ openedAt }: { openedAt: number }) {
  const { metadata } = useSite();
  const idleMs = (metadata.identity.sessionIdleSeconds ?? 0) * 1000;
  // The service does not start with a shorter idle limit (the contract's minimum, which leaves the time to warn), so
  // this tells the embedded provider's sessions from another provider's (0). A shorter one got no warning (QA).
  return idleMs >= SessionKeeping.idleMinimum ? <SessionWarnings idleMs={idleMs} openedAt={openedAt} /> : null;
}

// The dialogs' code loads when one is due, not with every account page (page weight).
const SessionWarning = lazyNamed(() => import('./SessionWarning'), 'SessionWarning');
const SessionEndWarning = lazyNamed<ComponentProps<typeof EndWarning>, 'SessionEndWarning'>(() => import('./SessionWarning'), 'SessionEndWarning');

/**
 * When any tab of the browser last used the session: the session is one for all tabs, and a tab left alone warned
 * "Sind Sie noch da?" while the shopper kept it alive in another (QA). Each tab writes its uses here and counts from
 * the latest of them.
 */
const SESSION_USED_KEY = 'portal.sessionUsedAt';

function shareUse(at: number) {
  try {
    window.localStorage.setItem(SESSION_USED_KEY, String(at));
  } catch {
    // storage unavailable (private mode): the tab counts from its own uses
  }
}

function lastUseOfAnyTab(own: number): number {
  try {
    return Math.max(own, Number(window.localStorage.getItem(SESSION_USED_KEY)) || 0);
  } catch {
    return own;
  }
}

/**
 * When the session ends at the latest (its absolute end), on this page's clock, as a look-up's answer tells it
 * (sessionInfo.expires_in: seconds from the answer, so the browser's clock need not be right): counted from when the
 * look-up was sent, the answer's way back makes it early, never late. Undefined from a provider that does not tell.
 */
function sessionEnd(answer: GetAccountInfoResponse, askedAt: number): number | undefined {
  const seconds = answer.sessionInfo?.expires_in;
  return typeof seconds === 'number' ? askedAt + seconds * 1000 : undefined;
}

/**
 * The session's end after an answer told `told`: the known one unless the answer tells another (a new login in
 * another tab), so that the notice the shopper closed does not come back with each renewal's end, a second apart.
 */
function endAfter(known: number | undefined, told: number | undefined): number | undefined {
  if (told === undefined) return known;
  return known !== undefined && Math.abs(told - known) < SAME_END_MS ? known : told;
}

function SessionWarnings({ idleMs, openedAt }: { idleMs: number; openedAt: number }) {
  const navigate = useNavigate();
  const { provider, account } = useIdentity();
  // When the service last saw this page's session, at the latest: set as the page opens (not as the keeper comes) and
  // whenever the account is read again (a page's own saves do).
  const used = useRef(openedAt);
  const seen = useRef(account);
  // While the warning shows: when the session ends at the earliest (the service may date its last use a minute early).
  const [endsAt, setEndsAt] = useState<number>();
  // The session's absolute end, as the keeper's last look-up was told.
  const [lastsUntil, setLastsUntil] = useState<number>();
  // The absolute end the notice is due for, and the one the shopper closed it for: a later end (another tab logged in
  // anew) is told again.
  const [endNear, setEndNear] = useState<number>();
  const [endRead, setEndRead] = useState<number>();

  useEffect(() => {
    if (account === seen.current) return;
    seen.current = account;
    used.current = Date.now();
    shareUse(used.current);
  }, [account]);

  // A bare look-up, not the account store's refresh: that would hand forms a new account and reset what they hold.
  // A session that ended meanwhile answers 403005, and the watched provider logs the shopper out; a live one says
  // when it ends at the latest.
  const lookUp = useCallback(() => {
    const at = Date.now();
    provider.getAccountInfo({}).then(
      (answer) => setLastsUntil((known) => endAfter(known, sessionEnd(answer, at))),
      () => undefined,
    );
  }, [provider]);
  const renew = useCallback(() => {
    used.current = Date.now();
    shareUse(used.current);
    setEndsAt(undefined);
    lookUp();
  }, [lookUp]);

  // The keeper asks as it comes: the absolute end is the service's to tell, so a page opened or reloaded late in the
  // session knows it too. The idle count goes on from the page's opening: this look-up may not reach the service (the
  // keeper's code can arrive from the cache while the connection is down), and a warning a little early is no harm.
  useEffect(lookUp, [lookUp]);

  useEffect(() => {
    // With a short idle limit the warning comes before five minutes of work would renew the session: at the contract's
    // minimum two minutes after the page's last call, so work renews it after one.
    const renewAfter = Math.min(RENEW_AFTER_MS, idleMs - SLACK_MS - SESSION_WARNING_MS - RENEW_AHEAD_MS);
    // While the warning shows, its buttons answer it: a click on "log out" must not renew first.
    const atWork = () => {
      if (endsAt === undefined && Date.now() - used.current > renewAfter) renew();
    };
    const look = () => {
      used.current = lastUseOfAnyTab(used.current);
      // Another tab's use since the warning came: the session goes on, and the warning goes.
      if (endsAt !== undefined && used.current + idleMs - SLACK_MS > endsAt) setEndsAt(undefined);
      const now = Date.now();
      const unused = now - used.current;
      if (unused >= idleMs + TICK_MS || (lastsUntil !== undefined && now >= lastsUntil)) {
        // Over at the service by now, unless another tab used it (or logged in anew): the look-up logs out, or goes on
        // with that tab.
        renew();
      } else if (unused >= idleMs - SLACK_MS - SESSION_WARNING_MS) {
        setEndsAt(used.current + idleMs - SLACK_MS);
      }
      setEndNear(lastsUntil !== undefined && now >= lastsUntil - END_WARNING_MS ? lastsUntil : undefined);
    };
    const events = ['keydown', 'pointerdown'] as const;
    for (const name of events) document.addEventListener(name, atWork, { capture: true, passive: true });
    const timer = window.setInterval(look, TICK_MS);
    return () => {
      for (const name of events) document.removeEventListener(name, atWork, { capture: true });
      window.clearInterval(timer);
    };
  }, [idleMs, renew, endsAt, lastsUntil]);

  // Staying is worth asking for only when the idle limit comes first: nothing keeps the session past its absolute end.
  if (endsAt !== undefined && (lastsUntil === undefined || endsAt < lastsUntil)) {
    return (
      <InBackground>
        <SessionWarning endsAt={endsAt} onStay={renew} onLogout={() => navigate('/logout')} />
      </InBackground>
    );
  }
  if (endNear === undefined || endNear === endRead) return null;
  return (
    <InBackground>
      <SessionEndWarning endsAt={endNear} onClose={() => setEndRead(endNear)} />
    </InBackground>
  );
}
