import { act, screen, within } from '@testing-library/react';
import { testMetadata } from '@portal/cms/testing';
import { SessionKeeping, type IdentityProvider } from '@portal/identity';
import { createFakeProvider, HOUR, type FakeClock } from '@portal/identity/testing';
import { forgetLanguage } from '@portal/ui/testing';
import { SESSION_KEEPER_DELAY_MS } from '../app/account-area';
import { openApp } from '../testing/render-app';

const EMAIL = 'k@example.com';
const PASSWORD = 'Geheim12!';
const accepted = { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } };
const IDLE_S = 600;
const MINUTE = 60_000;

beforeEach(forgetLanguage);
afterEach(() => jest.useRealTimers());

async function openAccountPage(identity: IdentityProvider, idleSeconds = IDLE_S) {
  // Fake timers from the start (the page's clock is set up as it opens), running on with real time meanwhile.
  jest.useFakeTimers({ advanceTimers: true, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  const metadata = testMetadata();
  await openApp('/personaldata', { identity, metadata: { ...metadata, identity: { ...metadata.identity, sessionIdleSeconds: idleSeconds } } });
  expect(await screen.findByRole('heading', { level: 1, name: 'Persönliche Daten' }, { timeout: 5000 })).toBeInTheDocument();
  // The keeper comes a few seconds after the page; its clock starts then.
  await pass(SESSION_KEEPER_DELAY_MS);
}

async function loggedIn() {
  const identity = createFakeProvider({ accounts: [{ email: EMAIL, password: PASSWORD, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }] });
  await identity.login({ loginID: EMAIL, password: PASSWORD });
  return identity;
}

/** The page's clock (jest's), and time the test lets pass besides: the fake's sessions end when the page's time says. */
function pageClock(): FakeClock {
  let ahead = 0;
  return {
    now: () => Date.now() + ahead,
    advance: (ms) => {
      ahead += ms;
    },
    set: (time) => {
      ahead = new Date(time).getTime() - Date.now();
    },
  };
}

/** Logged in long ago and used every 29 minutes since, so that `left` of the session's 12 hours are left. */
async function loggedInLongAgo(left: number) {
  const identity = createFakeProvider({
    clock: pageClock(),
    accounts: [{ email: EMAIL, password: PASSWORD, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }],
  });
  await identity.login({ loginID: EMAIL, password: PASSWORD });
  for (let passed = 0; passed < 12 * HOUR - left; ) {
    const step = Math.min(29 * MINUTE, 12 * HOUR - left - passed);
    identity.clock.advance(step);
    passed += step;
    expect((await identity.getAccountInfo()).errorCode).toBe(0);
  }
  return identity;
}

/** The look-ups the page made since `from`. */
function lookUps(identity: ReturnType<typeof createFakeProvider>, from = 0) {
  return identity.calls.slice(from).filter((call) => call.method === 'getAccountInfo').length;
}

async function pass(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

async function typeAKey() {
  await act(async () => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
  });
}

describe('the session of the account pages (WCAG 2.2.1)', () => {
  it('counts from the latest use of any tab: no warning while another tab keeps the session in use (QA)', async () => {
    window.localStorage.removeItem('portal.sessionUsedAt');
    const identity = await loggedIn();
    await openAccountPage(identity);
    await pass((IDLE_S / 60 - 5) * MINUTE);
    // Another tab of the browser renews the session (its keeper writes when it did).
    window.localStorage.setItem('portal.sessionUsedAt', String(Date.now()));
    await pass(2 * MINUTE + 10_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Left alone in every tab, the warning comes, counted from the other tab's use; that tab's next use takes it down.
    await pass(5 * MINUTE);
    expect(screen.getByRole('dialog', { name: 'Sind Sie noch da?' })).toBeInTheDocument();
    window.localStorage.setItem('portal.sessionUsedAt', String(Date.now()));
    await pass(10_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    window.localStorage.removeItem('portal.sessionUsedAt');
  }, 20_000);

  it('warns two minutes before an unused session would end, and staying renews it', async () => {
    const identity = await loggedIn();
    await openAccountPage(identity);

    // The service may date the page's last call a minute early: the warning comes 3 minutes before the limit.
    await pass((IDLE_S / 60 - 4) * MINUTE);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await pass(MINUTE + 10_000);
    const dialog = screen.getByRole('dialog', { name: 'Sind Sie noch da?' });
    expect(dialog).toHaveTextContent('in 2 Minuten');
    expect(screen.getByRole('button', { name: 'Angemeldet bleiben' })).toHaveFocus();

    const before = identity.calls.length;
    await act(async () => screen.getByRole('button', { name: 'Angemeldet bleiben' }).click());
    expect(lookUps(identity, before)).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Unanswered, the page asks once the session is over: the service's answer decides (here another tab kept it).
    await pass((IDLE_S / 60 - 3) * MINUTE + 10_000);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    const unanswered = identity.calls.length;
    await pass(3 * MINUTE + 10_000);
    expect(lookUps(identity, unanswered)).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says the time actually left, changing at the minute marks only (QA: it said 2 minutes to the end)', async () => {
    const identity = await loggedIn();
    await openAccountPage(identity);
    // 110 s are left at the earliest (the service may date the page's last call a minute early).
    await pass((IDLE_S / 60 - 3) * MINUTE + 10_000);
    const text = within(screen.getByRole('dialog')).getByRole('status');
    expect(text).toHaveTextContent('Zu Ihrer Sicherheit endet Ihre Sitzung in 2 Minuten, wenn Sie nichts tun.');

    // A live region: a screen reader says each change, so it changes at the marks, not every second.
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(text.textContent ?? ''));
    observer.observe(text, { childList: true, characterData: true, subtree: true });
    for (let second = 0; second < 60; second++) await pass(1000);
    observer.disconnect();
    expect(seen).toEqual([
      'Zu Ihrer Sicherheit endet Ihre Sitzung in einer Minute, wenn Sie nichts tun. Speichern Sie Ihre Änderungen am besten jetzt. Melden Sie sich in diesem Tab innerhalb von 30 Minuten wieder an, sind Ihre Eingaben noch da, Passwörter ausgenommen.',
      'Zu Ihrer Sicherheit endet Ihre Sitzung in weniger als einer Minute, wenn Sie nichts tun. Speichern Sie Ihre Änderungen am besten jetzt. Melden Sie sich in diesem Tab innerhalb von 30 Minuten wieder an, sind Ihre Eingaben noch da, Passwörter ausgenommen.',
    ]);
    expect(text).toHaveTextContent('in weniger als einer Minute');
  });

  it('a session that ended while the warning waited sends the shopper to the login, which says so', async () => {
    const identity = await loggedIn();
    // The service ends the session unseen by the page (its idle limit): from then on it answers 403005.
    let ended = false;
    const expiring: IdentityProvider = {
      ...identity,
      getAccountInfo: async (params) => (ended ? { errorCode: 403005, errorMessage: 'Unauthorized user', statusCode: 403 } : identity.getAccountInfo(params)),
    };
    await openAccountPage(expiring);
    await pass((IDLE_S / 60 - 3) * MINUTE + 10_000);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    ended = true;
    await pass(3 * MINUTE + 10_000);
    jest.useRealTimers();
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/Ihre Sitzung ist abgelaufen/)).toBeInTheDocument();
  });

  // A session ends 12 hours after its login however it is used, and what a form held was lost with it, unannounced.
  // The keeper asks the service for that end as it comes, so a page opened (or reloaded) late in the session knows it.
  it('says five minutes before the session\'s absolute end that it ends, offers no staying, and the login then says why', async () => {
    const identity = await loggedInLongAgo(24 * MINUTE);
    await openAccountPage(identity, 30 * 60);
    await pass(18 * MINUTE);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await pass(MINUTE);
    const dialog = screen.getByRole('dialog', { name: 'Ihre Sitzung endet bald' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Zu Ihrer Sicherheit endet Ihre Sitzung in 5 Minuten. Speichern Sie Ihre Änderungen jetzt. Danach melden Sie sich bitte erneut an.',
    );
    // Nothing extends the session: one button, which closes the notice.
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['Verstanden']);
    expect(within(dialog).getByRole('button', { name: 'Verstanden' })).toHaveFocus();
    await act(async () => within(dialog).getByRole('button', { name: 'Verstanden' }).click());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Work renews the idle limit; the service tells the same end again (to the second), and the notice stays closed.
    const before = identity.calls.length;
    await typeAKey();
    await pass(10_000);
    expect(lookUps(identity, before)).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await pass(5 * MINUTE);
    jest.useRealTimers();
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/Ihre Sitzung ist abgelaufen/)).toBeInTheDocument();
  });

  it('does not ask whether to stay when the session\'s absolute end comes before its idle limit', async () => {
    const identity = await loggedInLongAgo(8 * MINUTE);
    await openAccountPage(identity);
    await pass(3 * MINUTE);
    expect(screen.getByRole('dialog', { name: 'Ihre Sitzung endet bald' })).toHaveTextContent('in 5 Minuten');
    await act(async () => screen.getByRole('button', { name: 'Verstanden' }).click());
    // The question would come two minutes before the idle limit (nine minutes after the keeper's look-up), after the end.
    await pass(4 * MINUTE);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await pass(MINUTE + 10_000);
    jest.useRealTimers();
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('a shopper at work renews the session now and then, so no warning comes', async () => {
    const identity = await loggedIn();
    await openAccountPage(identity);
    const start = identity.calls.length;
    // A key every 45 seconds for 15 minutes. (Every minute, a renewal came exactly five minutes after the last, and the
    // milliseconds a loaded machine let the clock run on decided whether that was over five: a flaky count.)
    for (let key = 1; key <= 20; key++) {
      await pass(45_000);
      await typeAKey();
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Every five minutes of work at most, not on every key: at the 7th key and the 14th.
    expect(lookUps(identity, start)).toBe(2);
  });

  it('with the shortest idle limit the service takes, work renews the session before the warning comes', async () => {
    const identity = await loggedIn();
    await openAccountPage(identity, SessionKeeping.idleMinimum / 1000);
    const start = identity.calls.length;
    // The warning is due two minutes after the last call (five minus the service's minute and the warning's two), so
    // work renews after one rather than five. A key every 25 seconds for 10 minutes: every third renews.
    for (let key = 1; key <= 24; key++) {
      await pass(25_000);
      await typeAKey();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }
    expect(lookUps(identity, start)).toBe(8);
    // Left alone, the warning comes two minutes after the last renewal, with two minutes left.
    await pass(MINUTE + 10_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await pass(MINUTE);
    expect(screen.getByRole('dialog', { name: 'Sind Sie noch da?' })).toHaveTextContent('in 2 Minuten');
  });
});
