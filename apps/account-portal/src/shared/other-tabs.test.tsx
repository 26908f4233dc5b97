import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountStore, SESSION_CHANNEL, type IdentityProvider } from '@portal/identity';
import { createFakeProvider, MINUTE, restoreTabChannels, TabChannel, withTabChannels } from '@portal/identity/testing';
import { forgetLanguage } from '@portal/ui/testing';
import { jsonResponse, openApp, stubBackend } from '../testing/render-app';

const PASSWORD = 'Geheim12!';
const accepted = { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } };

beforeEach(forgetLanguage);
afterEach(restoreTabChannels);

/**
 * Two tabs of one browser over one session (the fake's): tab A, the app under test, shows Erika's personal data; tab
 * B is another app's account store over the same provider, as another tab's is over the same cookie. Tab A does not
 * hear tab B's logins and logouts from the provider: a tab's provider tells only its own calls.
 */
async function twoTabs() {
  const fake = createFakeProvider({
    accounts: [
      { email: 'erika@example.com', password: PASSWORD, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } },
      { email: 'max@example.com', password: PASSWORD, preferences: accepted, profile: { firstName: 'Max', lastName: 'Mann' } },
    ],
  });
  await fake.login({ loginID: 'erika@example.com', password: PASSWORD });
  const tabA: IdentityProvider = { ...fake, onLogin: () => () => undefined, onLogout: () => () => undefined };
  const tabB = new AccountStore(fake);
  const disconnect = tabB.connect();
  await tabB.load();
  await openApp('/personaldata', { identity: tabA });
  const phone = await screen.findByRole('textbox', { name: /Telefonnummer/ }, { timeout: 5000 });
  return { fake, phone, disconnect, tabB };
}

/** The session idles out, and tab B notices it first (its own look-up), which tells this page. */
async function idleOutNoticedInTabB(fake: ReturnType<typeof createFakeProvider>, tabB: AccountStore) {
  fake.clock.advance(31 * MINUTE);
  await act(async () => {
    await tabB.refresh({ sessionEnded: true });
  });
}

const saves = (fake: ReturnType<typeof createFakeProvider>) => fake.calls.filter((call) => call.method === 'setAccountInfo');

async function expectLogin() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.')).toBeInTheDocument();
  expect(screen.queryByDisplayValue('Muster')).not.toBeInTheDocument();
}

/**
 * Tab A, the app under test, shows /login (opened at `path`, logged out); tab B is another app's account store over the
 * same provider, which tab A does not hear from: only the channel tells tab A of tab B's login.
 */
async function loginOpenBesideTabB(path: string, heading: string) {
  const fake = createFakeProvider({
    accounts: [{ email: 'erika@example.com', password: PASSWORD, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }],
  });
  const tabA: IdentityProvider = { ...fake, onLogin: () => () => undefined, onLogout: () => () => undefined };
  const tabB = new AccountStore(fake);
  const disconnect = tabB.connect();
  await tabB.load();
  await openApp(path, { identity: tabA });
  expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeInTheDocument();
  return { fake, disconnect };
}

// QA, 2026-11-30: a /login left open in tab A stayed the form after tab B's login, also on focus, and its login as
// another account then sent tab B's half-filled /personaldata to the login, its surname lost (spec 000 §2: /login
// redirects a logged-in visitor).
describe('/login while another tab logs in', () => {
  it('goes on to / once another tab says it logged in', async () => {
    withTabChannels(true);
    const { fake, disconnect } = await loginOpenBesideTabB('/login', 'Anmelden');
    await act(async () => {
      await fake.login({ loginID: 'erika@example.com', password: PASSWORD });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' }, { timeout: 5000 })).toBeInTheDocument();
    disconnect();
  }, 20_000);

  it('goes on to the page the login was asked for', async () => {
    withTabChannels(true);
    const { fake, disconnect } = await loginOpenBesideTabB('/personaldata', 'Anmelden');
    await act(async () => {
      await fake.login({ loginID: 'erika@example.com', password: PASSWORD });
    });
    expect(await screen.findByDisplayValue('Muster', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Persönliche Daten' })).toBeInTheDocument();
    disconnect();
  }, 20_000);

  // QA, 2026-12-01: the /login a registration ends on (its notice that a mail was sent) stayed the form after the
  // address was confirmed and the shopper logged in in another tab. The registration's regToken, which its finalize
  // left with the tab, was read instead of the session (a regToken opens its account or nothing, never the session).
  it('goes on to / from the login a registration ended on, whose finalize left its regToken with the tab', async () => {
    withTabChannels(true);
    const fake = createFakeProvider();
    const tabA: IdentityProvider = { ...fake, onLogin: () => () => undefined, onLogout: () => () => undefined };
    const tabB = new AccountStore(fake);
    const disconnect = tabB.connect();
    await tabB.load();
    await openApp('/registration', { identity: tabA });
    stubBackend((url) => (url.includes('/rest/v1/region?') ? jsonResponse(200, { region: { id: 'NORD' } }) : undefined));
    await userEvent.type(await screen.findByRole('textbox', { name: /E-Mail-Adresse/ }, { timeout: 5000 }), 'neu@example.com');
    await userEvent.type(screen.getByLabelText(/^Passwort/), PASSWORD);
    await userEvent.click(screen.getByRole('checkbox', { name: /Ich akzeptiere die Nutzungsbedingungen/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Jetzt registrieren' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /Vorname/ }, { timeout: 5000 }), 'Erika');
    await userEvent.type(screen.getByRole('textbox', { name: /Nachname/ }), 'Muster');
    await userEvent.type(screen.getByRole('textbox', { name: /Postleitzahl/ }), '20095');
    await userEvent.click(screen.getByRole('button', { name: 'Registrierung abschließen' }));
    const login = await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 8000 });
    expect(login).toHaveAccessibleDescription(/Bitte bestätigen Sie Ihre E-Mail-Adresse innerhalb von 14 Tagen/);

    // The mail's link, then the login, in tab B.
    fake.openLink(fake.lastMail('neu@example.com', 'verification')!.link);
    await act(async () => {
      await fake.login({ loginID: 'neu@example.com', password: PASSWORD });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' }, { timeout: 5000 })).toBeInTheDocument();
    disconnect();
  }, 30_000);

  it("takes another tab's word that it logs out for no change: the session it reads then may be the one that ends", async () => {
    withTabChannels(true);
    const { fake, disconnect } = await loginOpenBesideTabB('/login', 'Anmelden');
    // A session the tabs were not told of (a partner's login: tab B's store no longer listens), which a /logout then
    // ends: its word comes first.
    disconnect();
    const reads = () => fake.calls.filter((call) => call.method === 'getAccountInfo').length;
    await fake.login({ loginID: 'erika@example.com', password: PASSWORD });
    const before = reads();
    await act(async () => {
      const logoutPage = new BroadcastChannel(SESSION_CHANNEL);
      logoutPage.postMessage('logout');
      logoutPage.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(reads()).toBe(before);
    expect(screen.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeInTheDocument();
  }, 20_000);
});

describe('an account page while another tab changes the browser session', () => {
  it('another tab logs in another account: the page goes to the login at once, never shows nor saves into it (QA)', async () => {
    withTabChannels(true);
    const { fake, disconnect } = await twoTabs();
    await act(async () => {
      await fake.login({ loginID: 'max@example.com', password: PASSWORD });
    });
    await expectLogin();
    expect(screen.queryByDisplayValue('Mann')).not.toBeInTheDocument();
    disconnect();
  }, 20_000);

  // QA spec audit, 2026-11-30: logging out in one tab made the other tab's /accessdata go to the login saying
  // "Ihre Sitzung ist abgelaufen…", although the shopper had logged out on purpose.
  it("another tab's /logout: the page goes to the login at once, which does not say the session expired", async () => {
    withTabChannels(true);
    const { fake, disconnect } = await twoTabs();
    await act(async () => {
      // What tab B's /logout does (LogoutPage, whose word a test below checks): tells the tabs, then logs out.
      const logoutPage = new BroadcastChannel(SESSION_CHANNEL);
      logoutPage.postMessage('logout');
      logoutPage.close();
      await fake.logout();
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Muster')).not.toBeInTheDocument();
    expect(screen.queryByText(/Ihre Sitzung ist abgelaufen/)).not.toBeInTheDocument();
    disconnect();
  }, 20_000);

  // QA, 2026-12-01: the shopper's logout at a partner (its id_token_hint) sent an account page left open to a login
  // that said the session had expired. The service ends that session itself, which no tab hears, and sends the
  // browser on through /logout, whose word comes after the end; the page learns of the end when it is shown again.
  it("a partner's logout, ended by the service, then /logout's word: the page, shown again, goes to the login, which does not say the session expired", async () => {
    withTabChannels(true);
    const { fake, disconnect } = await twoTabs();
    disconnect();
    await fake.logout();
    await act(async () => {
      const logoutPage = new BroadcastChannel(SESSION_CHANNEL);
      logoutPage.postMessage('logout');
      logoutPage.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    act(() => {
      window.dispatchEvent(new FocusEvent('focus'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/Ihre Sitzung ist abgelaufen/)).not.toBeInTheDocument();
  }, 20_000);

  it('the session idled out, which another tab noticed first: the page goes to the login, which says the session expired', async () => {
    withTabChannels(true);
    const { fake, disconnect, tabB } = await twoTabs();
    await idleOutNoticedInTabB(fake, tabB);
    await expectLogin();
    disconnect();
  }, 20_000);

  // 2026-11-30: after another tab's /logout had failed (the session goes on), the page kept its word that the shopper
  // logs out, and the session's later end went to a login that did not say the session expired (spec 000).
  it("another tab's /logout failed: the session goes on, and when it later idles out the login says it expired", async () => {
    withTabChannels(true);
    const { fake, disconnect, tabB } = await twoTabs();
    await act(async () => {
      // What tab B's /logout does when its logout fails (LogoutPage, whose words a test below checks).
      const logoutPage = new BroadcastChannel(SESSION_CHANNEL);
      logoutPage.postMessage('logout');
      logoutPage.postMessage('logoutFailed');
      logoutPage.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByDisplayValue('Muster')).toBeInTheDocument();
    await idleOutNoticedInTabB(fake, tabB);
    await expectLogin();
    disconnect();
  }, 20_000);

  it('/logout tells the other tabs that the shopper logs out', async () => {
    withTabChannels(true);
    const fake = createFakeProvider({ accounts: [{ email: 'erika@example.com', password: PASSWORD, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }] });
    await fake.login({ loginID: 'erika@example.com', password: PASSWORD });
    const told: unknown[] = [];
    const otherTab = new TabChannel(SESSION_CHANNEL);
    otherTab.addEventListener('message', (event) => told.push((event as MessageEvent).data));
    await openApp('/logout', { identity: fake });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(told[0]).toBe('logout'));
    expect(screen.queryByText(/Ihre Sitzung ist abgelaufen/)).not.toBeInTheDocument();
    // A logout that succeeded takes nothing back.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(told).not.toContain('logoutFailed');
  }, 20_000);

  // 2026-11-30: a /logout that failed left its word that the shopper logs out with the other tabs (see above).
  it.each([
    ['answers an error', (fake: IdentityProvider) => ({ ...fake, logout: async () => ({ errorCode: 500001, errorMessage: 'General Server Error', callId: 'c1' }) })],
    ['gets no answer', (fake: IdentityProvider) => ({ ...fake, logout: () => Promise.reject(new TypeError('Failed to fetch')) })],
  ])('a /logout that %s tells the other tabs that it failed, after its word that the shopper logs out', async (_, failing) => {
    withTabChannels(true);
    const fake = createFakeProvider({ accounts: [{ email: 'erika@example.com', password: PASSWORD, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }] });
    await fake.login({ loginID: 'erika@example.com', password: PASSWORD });
    const told: unknown[] = [];
    const otherTab = new TabChannel(SESSION_CHANNEL);
    otherTab.addEventListener('message', (event) => told.push((event as MessageEvent).data));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await openApp('/logout', { identity: failing(fake) });
      await waitFor(() => expect(told.filter((message) => message !== 0)).toEqual(['logout', 'logoutFailed']));
      expect((await fake.getAccountInfo()).errorCode).toBe(0);
    } finally {
      warn.mockRestore();
    }
  }, 20_000);

  it('a /logout that finds no session left (403005) takes nothing back: the shopper wanted it ended', async () => {
    withTabChannels(true);
    const fake = createFakeProvider();
    const identity: IdentityProvider = { ...fake, logout: async () => ({ errorCode: 403005, errorMessage: 'Unauthorized user', callId: 'c1' }) };
    const told: unknown[] = [];
    const otherTab = new TabChannel(SESSION_CHANNEL);
    otherTab.addEventListener('message', (event) => told.push((event as MessageEvent).data));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await openApp('/logout', { identity });
      expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(told.filter((message) => message !== 0)).toEqual(['logout']);
    } finally {
      warn.mockRestore();
    }
  }, 20_000);

  it('another tab logs out without its /logout (a password change ends every session): the page leaves at once, saying the session ended', async () => {
    withTabChannels(true);
    const { fake, disconnect } = await twoTabs();
    await act(async () => {
      await fake.logout();
    });
    await expectLogin();
    disconnect();
  }, 20_000);

  it('without a channel the tab checks whose session it is when it is shown again', async () => {
    withTabChannels(false);
    const { fake, disconnect } = await twoTabs();
    await fake.login({ loginID: 'max@example.com', password: PASSWORD });
    act(() => {
      window.dispatchEvent(new FocusEvent('focus'));
    });
    await expectLogin();
    disconnect();
  }, 20_000);

  it('a save of a page not told of the other login is not made into the other account (QA: "gespeichert" on Max)', async () => {
    withTabChannels(false);
    const { fake, phone, disconnect } = await twoTabs();
    await fake.login({ loginID: 'max@example.com', password: PASSWORD });
    await userEvent.type(phone, '+4912345678');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await expectLogin();
    expect(saves(fake)).toEqual([]);
    expect(screen.queryByText('Ihre persönlichen Daten wurden gespeichert.')).not.toBeInTheDocument();
    const max = await fake.getAccountInfo({ include: 'profile', extraProfileFields: 'phones' });
    expect(JSON.stringify(max)).not.toContain('+4912345678');
    disconnect();
  }, 20_000);

  // QA keyboard round, 2026-11-30: a deletion ended the session as a logout does, but told no other tab, whose account
  // page stayed until it was next shown or used. The deleting tab now logs out in its state, which tells them.
  it('the account deleted in one tab: the other tabs are told at once, as of a logout, and the tab keeps its confirmation', async () => {
    withTabChannels(true);
    const fake = createFakeProvider({
      accounts: [{ email: 'erika@example.com', password: PASSWORD, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }],
    });
    await fake.login({ loginID: 'erika@example.com', password: PASSWORD });
    // The service ends every session of the account, with no logout event (IdentityProvider.deleteAccount).
    const identity: IdentityProvider = {
      ...fake,
      deleteAccount: async () => {
        fake.disableAccount('erika@example.com');
        return { errorCode: 0 };
      },
    };
    await openApp('/', { identity });
    await userEvent.click(await screen.findByRole('button', { name: 'Kundenkonto löschen …' }, { timeout: 5000 }));
    await userEvent.type(screen.getByLabelText(/^Aktuelles Passwort/), PASSWORD);
    // Another tab's account page listens as RequireLogin's check does; it opens after the page's first look-up, whose
    // login the tab announced as it came (the page was opened in the tab).
    const told: unknown[] = [];
    const otherTab = new TabChannel(SESSION_CHANNEL);
    otherTab.addEventListener('message', (event) => told.push((event as MessageEvent).data));
    await userEvent.click(screen.getByRole('button', { name: 'Kundenkonto endgültig löschen' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Ihr Kundenkonto wurde gelöscht/ })).toBeInTheDocument();
    // /logout's word that the shopper logs out (so their login does not say the session expired), then the account
    // store's that the session changed.
    await waitFor(() => expect(told).toEqual(['logout', 0]));
    // The tab's own check heard nothing of it: the confirmation stays.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('heading', { level: 1, name: /Ihr Kundenkonto wurde gelöscht/ })).toBeInTheDocument();
    expect(screen.queryByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.')).not.toBeInTheDocument();
  }, 20_000);
});
