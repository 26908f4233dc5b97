import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { ErrorCode, ErrorDetails, type IdentityProvider } from '@portal/identity';
import { createFakeProvider, type FakeIdentityProvider } from '@portal/identity/testing';
import { forgetLanguage, renderPage } from '@portal/ui/testing';
import { loadMessages } from '../../../app/messages';
import { AppRoutes } from '../../../app/routes';
import { leaveApp } from '../../../shared/leave-app';
import { storePartnerToken } from '../../../shared/single-sign-on';
import { jsonResponse, loadApp, openApp, stubBackend } from '../../../testing/render-app';

// The browser's passkey ceremony, which jsdom cannot take part in, answers with a made-up passkey.
jest.mock('../../../shared/passkey-browser', () => ({
  ...jest.requireActual('../../../shared/passkey-browser'),
  signInWithPasskey: async () => ({ id: 'credential-1', type: 'public-key', response: {} }),
}));

beforeEach(() => {
  forgetLanguage();
  window.sessionStorage.clear();
});
// Each case loads lazily split pages (code and texts) one after another, on a machine shared by several runs.
jest.setTimeout(20_000);

const EMAIL = 'kunde@example.com';
const PASSWORD = 'Geheim12!';
const TOKEN_KEY = 'accountLinkingRegToken';
const accepted = { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } };

/** A site account and a Google identity with the same e-mail; the Google login has answered 403043. */
async function conflict(): Promise<{ identity: FakeIdentityProvider; regToken: string }> {
  const identity = createFakeProvider({
    accounts: [{ email: EMAIL, password: PASSWORD, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }],
    social: { googleplus: { email: EMAIL } },
  });
  const answer = await identity.socialLogin({ provider: 'googleplus' });
  expect(answer.errorCode).toBe(403043);
  window.sessionStorage.setItem(TOKEN_KEY, answer.regToken!);
  return { identity, regToken: answer.regToken! };
}

async function linkWith(password: string) {
  await userEvent.type(await screen.findByLabelText(/^Passwort/, {}, { timeout: 5000 }), password);
  await userEvent.click(screen.getByRole('button', { name: 'Verknüpfen und anmelden' }));
}

function loginCalls(identity: FakeIdentityProvider) {
  return identity.calls.filter((call) => call.method === 'login').map((call) => call.params);
}

describe('/social/link-accounts', () => {
  it("shows the existing account's login ID read-only (getConflictingAccount) and asks for its password", async () => {
    const { identity, regToken } = await conflict();
    await openApp('/social/link-accounts', { identity });
    expect(await screen.findByRole('heading', { level: 1, name: 'Konten verknüpfen' })).toBeInTheDocument();
    const email = await screen.findByRole('textbox', { name: /E-Mail-Adresse/ });
    expect(email).toHaveValue(EMAIL);
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Passwort/)).toHaveAttribute('type', 'password');
    expect(identity.calls).toContainEqual({ method: 'getConflictingAccount', params: { regToken } });
  });

  it('403042: the wrong-password text with the forgot-password hint; nothing is linked', async () => {
    const { identity } = await conflict();
    await openApp('/social/link-accounts', { identity });
    await linkWith('Falsch12!');
    expect(await screen.findByText('Die E-Mail-Adresse oder das Passwort ist falsch.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', '/login/reset-password/start');
    expect(identity.account(EMAIL)?.socialProviders ?? '').not.toContain('googleplus');
    // The next attempt, stopped by the form's own check, takes that answer down (QA).
    await userEvent.clear(screen.getByLabelText(/^Passwort/));
    await userEvent.click(screen.getByRole('button', { name: 'Verknüpfen und anmelden' }));
    expect(await screen.findByText('Bitte geben Sie Ihr Passwort ein.')).toBeInTheDocument();
    expect(screen.queryByText('Die E-Mail-Adresse oder das Passwort ist falsch.')).not.toBeInTheDocument();
  });

  it('403005 reads the same as 403042', async () => {
    const { identity } = await conflict();
    await openApp('/social/link-accounts', { identity: { ...identity, login: async () => ({ errorCode: 403005 }) } });
    await linkWith(PASSWORD);
    expect(await screen.findByText('Die E-Mail-Adresse oder das Passwort ist falsch.')).toBeInTheDocument();
    expect(screen.getByText(/Wenn Sie Ihr Passwort nicht mehr wissen/)).toBeInTheDocument();
  });

  it('the right password logs in with loginMode link and the token, links the identity and drops the token', async () => {
    const { identity, regToken } = await conflict();
    await openApp('/social/link-accounts', { identity });
    await linkWith(PASSWORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' }, { timeout: 5000 })).toBeInTheDocument();
    expect(loginCalls(identity)).toEqual([{ loginID: EMAIL, password: PASSWORD, loginMode: 'link', regToken }]);
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    await identity.logout();
    expect((await identity.socialLogin({ provider: 'googleplus' })).errorCode).toBe(0);
  });

  it("with a partner's sign-in waiting, the linked shopper goes on to the hand-over, not home (spec 000 §1)", async () => {
    const left: string[] = [];
    const spy = jest.spyOn(leaveApp, 'replaceWith').mockImplementation((url) => void left.push(url));
    const { identity } = await conflict();
    storePartnerToken('req-7');
    await openApp('/social/link-accounts', { identity });
    await linkWith(PASSWORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sie werden zurückgeleitet' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(left).toEqual(['/oidc/continue?id=req-7']));
    spy.mockRestore();
  });

  it('200009: drops the stale token and logs in plainly with what was typed', async () => {
    const { identity, regToken } = await conflict();
    const stale: IdentityProvider = {
      ...identity,
      login: (params) => (params.loginMode === 'link' ? Promise.resolve({ errorCode: 200009 }) : identity.login(params)),
    };
    const seen: unknown[] = [];
    const recording: IdentityProvider = { ...stale, login: (params) => (seen.push(params), stale.login(params)) };
    await openApp('/social/link-accounts', { identity: recording });
    await linkWith(PASSWORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' }, { timeout: 5000 })).toBeInTheDocument();
    expect(seen).toEqual([
      { loginID: EMAIL, password: PASSWORD, loginMode: 'link', regToken },
      { loginID: EMAIL, password: PASSWORD },
    ]);
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  // QA: the token, and with it another person's e-mail, outlived a tab closed or an address typed, a login as
  // someone else and a logout; the next visitor of /social/link-accounts saw that e-mail.
  it("keeps the token in the tab's own storage, which closing the tab ends, never in local storage", async () => {
    const identity = createFakeProvider({
      accounts: [{ email: EMAIL, password: PASSWORD, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }],
      social: { googleplus: { email: EMAIL } },
    });
    await openApp('/login', { identity });
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter mit Google' }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Konten verknüpfen' }, { timeout: 5000 })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toEqual(expect.any(String));
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('a tab that left the page by an address typed (nothing unmounts) ends the linking as the app starts elsewhere', async () => {
    const { identity } = await conflict(); // the token as the abandoned link page left it
    const next = await loadApp('/login', { identity });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    next.unmount();
    await loadApp('/social/link-accounts', { identity });
    expect(await screen.findByRole('heading', { level: 1, name: 'Keine Verknüpfung offen' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByDisplayValue(EMAIL)).not.toBeInTheDocument();
  });

  it('the page brought back by Back from the cache, after another page of the tab ended the linking, says nothing waits', async () => {
    const { identity } = await conflict();
    await openApp('/social/link-accounts', { identity });
    expect(await screen.findByRole('textbox', { name: /E-Mail-Adresse/ }, { timeout: 5000 })).toHaveValue(EMAIL);
    window.sessionStorage.removeItem(TOKEN_KEY); // what the other page's start-up did
    act(() => {
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Keine Verknüpfung offen' })).toBeInTheDocument();
    expect(screen.queryByDisplayValue(EMAIL)).not.toBeInTheDocument();
  });

  it('without a stored token says that nothing waits for linking, with the way to the login', async () => {
    window.sessionStorage.removeItem(TOKEN_KEY);
    const identity = createFakeProvider();
    await openApp('/social/link-accounts', { identity });
    expect(await screen.findByRole('heading', { level: 1, name: 'Keine Verknüpfung offen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
    expect(identity.calls.some((call) => call.method === 'getConflictingAccount')).toBe(false);
  });

  it('an expired or unknown token (400006 from getConflictingAccount) ends the same way and is dropped', async () => {
    window.sessionStorage.setItem(TOKEN_KEY, 'no-such-token');
    await openApp('/social/link-accounts', { identity: createFakeProvider() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Keine Verknüpfung offen' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('a token that expires while the page is open (400006 from the link login) ends the same way', async () => {
    const { identity } = await conflict();
    await openApp('/social/link-accounts', { identity: { ...identity, login: async () => ({ errorCode: 400006, errorDetails: 'regToken' }) } });
    await linkWith(PASSWORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Keine Verknüpfung offen' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('cancel drops the token and goes to the login', async () => {
    const { identity } = await conflict();
    await openApp('/social/link-accounts', { identity });
    await userEvent.click(await screen.findByRole('button', { name: 'Abbrechen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('leaving the page another way (the forgot-password hint) drops the token too', async () => {
    const { identity } = await conflict();
    await openApp('/social/link-accounts', { identity });
    await linkWith('Falsch12!');
    const hint = await screen.findByRole('link', { name: 'Passwort vergessen?' });
    // The next page suspends while its code loads; userEvent's act is not awaited, so React would never commit it.
    await act(async () => hint.click());
    expect(await screen.findByRole('heading', { level: 1, name: 'Passwort vergessen?' }, { timeout: 5000 })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('a social-only account is offered the login with its own provider, in link mode with the token', async () => {
    const { identity, regToken } = await conflict();
    const socialLogins: unknown[] = [];
    const socialOnly: IdentityProvider = {
      ...identity,
      getConflictingAccount: async () => ({ errorCode: 0, conflictingAccount: { loginID: EMAIL, loginProviders: ['apple'] } }),
      socialLogin: async (params) => {
        socialLogins.push(params);
        // Stands for the provider's login of the account, which links the waiting identity.
        return identity.login({ loginID: EMAIL, password: PASSWORD });
      },
    };
    await openApp('/social/link-accounts', { identity: socialOnly });
    expect(await screen.findByText(/Kundenkonto, das kein Passwort hat/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Passwort/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Weiter mit Google' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Weiter mit Apple' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' }, { timeout: 5000 })).toBeInTheDocument();
    expect(socialLogins).toEqual([{ provider: 'apple', loginMode: 'link', regToken, redirectURL: 'http://localhost/social/link-accounts', lang: 'de-DE' }]);
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('back from the own provider with errorCode=0 the shopper goes on to /', async () => {
    const { identity } = await conflict();
    await identity.login({ loginID: EMAIL, password: PASSWORD });
    await openApp('/social/link-accounts?errorCode=0&provider=apple', { identity });
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull());
  });

  it('back from a login with another identity than its own (403042): says it is not the account\'s, and keeps the offer (QA)', async () => {
    const { identity } = await conflict();
    await openApp('/social/link-accounts?errorCode=403042&provider=apple', { identity });
    expect(await screen.findByText('Diese Anmeldung gehört nicht zu diesem Kundenkonto. Bitte melden Sie sich so an, wie Sie es bei uns gewohnt sind.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('heading', { level: 1, name: 'Konten verknüpfen' })).toBeInTheDocument();
  });

  it('a provider answering in the page with another identity (403042) says so too', async () => {
    const { identity } = await conflict();
    const socialOnly: IdentityProvider = {
      ...identity,
      getConflictingAccount: async () => ({ errorCode: 0, conflictingAccount: { loginID: EMAIL, loginProviders: ['apple'] } }),
      socialLogin: async () => ({ errorCode: 403042, errorMessage: 'Invalid LoginID', errorDetails: 'This login does not belong to the account to link' }),
    };
    await openApp('/social/link-accounts', { identity: socialOnly });
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter mit Apple' }, { timeout: 5000 }));
    expect(await screen.findByText('Diese Anmeldung gehört nicht zu diesem Kundenkonto. Bitte melden Sie sich so an, wie Sie es bei uns gewohnt sind.')).toBeInTheDocument();
  });

  it('back from the own provider cancelled: says so and keeps the offer', async () => {
    const { identity } = await conflict();
    await openApp('/social/link-accounts?errorCode=200001&provider=apple', { identity });
    expect(await screen.findByText('Die Anmeldung wurde abgebrochen.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Konten verknüpfen' })).toBeInTheDocument();
  });
});

// QA: a passkey proving an account whose e-mail is not confirmed yet showed nothing, and the password form only the
// check-your-inbox text; /login shows the resend-verification panel for both (spec 000 §4 "Unverified registration").
// QA: the proof links the identity also then (README), but the form stayed, filled: pressed again, or reloaded, it said
// that nothing waited for linking or the request had expired, and the shopper took the linking for failed.
describe('/social/link-accounts of an account whose e-mail is not confirmed yet', () => {
  const PANEL = 'Bitte bestätigen Sie Ihre E-Mail-Adresse';
  const RESEND = 'Bestätigungs-E-Mail erneut senden';
  const SENT = 'Wir haben Ihnen eine neue Bestätigungs-E-Mail geschickt.';
  const LINKED = /^Ihre soziale Anmeldung ist jetzt mit Ihrem Kundenkonto verknüpft\. Es fehlt nur noch/;

  async function unconfirmedConflict(): Promise<FakeIdentityProvider> {
    const identity = createFakeProvider({
      accounts: [{ email: EMAIL, password: PASSWORD, verified: false, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }],
      social: { googleplus: { email: EMAIL } },
    });
    const answer = await identity.socialLogin({ provider: 'googleplus' });
    expect(answer.errorCode).toBe(ErrorCode.SOCIAL_CONFLICT);
    window.sessionStorage.setItem(TOKEN_KEY, answer.regToken!);
    return identity;
  }

  /**
   * What replaces the link's form: the statement that the linking is done and the e-mail's confirmation is all that is
   * left, with the focus (the form it was in is gone), then /login's panel; the link token is spent.
   */
  async function linkedThenThePanel() {
    const linked = await screen.findByText(LINKED, {}, { timeout: 5000 });
    await waitFor(() => expect(linked).toHaveFocus());
    const panel = await screen.findByRole('region', { name: PANEL });
    expect(linked.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Konten verknüpfen' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Passwort/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verknüpfen und anmelden' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mit Passkey anmelden' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abbrechen' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    return panel;
  }

  async function resendToAddress(panel: HTMLElement) {
    const calls = stubBackend((url) => (url.includes('/rest/v1/account/registration/verification-email') ? jsonResponse(201) : undefined));
    await userEvent.click(within(panel).getByRole('button', { name: RESEND }));
    expect(await within(panel).findByText(SENT)).toBeInTheDocument();
    expect(calls.map((call) => call.init?.body)).toEqual([`email=${encodeURIComponent(EMAIL)}&lang=de-DE`]);
  }

  it("the password (206002): linked, and the resend panel, whose mail goes to the account's address", async () => {
    const identity = await unconfirmedConflict();
    await openApp('/social/link-accounts', { identity });
    await linkWith(PASSWORD);
    const panel = await linkedThenThePanel();
    expect(identity.account(EMAIL)?.socialProviders).toContain('googleplus');
    await resendToAddress(panel);
  });

  it("the password answered 400006 REGISTRATION_UNVERIFIED: the same, to the account's address", async () => {
    const identity = await unconfirmedConflict();
    identity.forceNext('login', { errorCode: ErrorCode.INVALID_PARAMETER, errorDetails: ErrorDetails.REGISTRATION_UNVERIFIED });
    await openApp('/social/link-accounts', { identity });
    await linkWith(PASSWORD);
    await resendToAddress(await linkedThenThePanel());
  });

  it("the account's passkey (206002): linked, and the resend panel, whose mail the pending account's regToken asks for", async () => {
    const identity = await unconfirmedConflict();
    const passkeyLogins: unknown[] = [];
    const answers: { regToken?: string }[] = [];
    const resent: unknown[] = [];
    const passkeyOnly: IdentityProvider = {
      ...identity,
      getConflictingAccount: async () => ({ errorCode: 0, conflictingAccount: { loginID: EMAIL, loginProviders: ['passkey'] } }),
      passkeyLogin: async (params) => {
        passkeyLogins.push(params);
        // Stands for the provider's passkey login of the account in link mode, which links and answers what its password
        // login does (206002).
        const answer = await identity.login({ loginID: EMAIL, password: PASSWORD, loginMode: params.loginMode, regToken: params.regToken });
        answers.push(answer);
        return answer;
      },
      resendVerificationCode: async (params) => (resent.push(params), { errorCode: 0 }),
    };
    await openApp('/social/link-accounts', { identity: passkeyOnly });
    await userEvent.click(await screen.findByRole('button', { name: 'Mit Passkey anmelden' }, { timeout: 5000 }));
    const panel = await linkedThenThePanel();
    expect(passkeyLogins).toEqual([expect.objectContaining({ loginMode: 'link' })]);
    expect(identity.account(EMAIL)?.socialProviders).toContain('googleplus');
    expect(answers[0]).toMatchObject({ errorCode: ErrorCode.PENDING_VERIFICATION, regToken: expect.any(String) });
    await userEvent.click(within(panel).getByRole('button', { name: RESEND }));
    expect(await within(panel).findByText(SENT)).toBeInTheDocument();
    expect(resent).toEqual([{ regToken: answers[0]!.regToken }]);
  });

  /** The app's router as the test holds it: the shown history entry's state, and the way to other entries. */
  let router: { state: unknown; navigate: NavigateFunction };
  function HoldRouter() {
    router = { state: useLocation().state, navigate: useNavigate() };
    return null;
  }
  /**
   * The state of the entry shown, once the page has written its outcome (the router's replace commits a moment after the
   * panel). Its shape, not any object: Jest's any(Object) also matches the null state of the entry before the write.
   */
  async function entryState() {
    await waitFor(() => expect(router.state).toEqual({ linkedUnverified: expect.anything() }));
    return router.state;
  }
  function openAppHoldingRouter(path: string, identity: IdentityProvider) {
    return renderPage(
      <>
        <AppRoutes />
        <HoldRouter />
      </>,
      { path, messages: loadMessages, identity },
    );
  }

  /** The statement and the panel, where the form was, as a page loaded again (no focus move asked of it) shows them. */
  async function stillLinked() {
    expect(await screen.findByText(LINKED, {}, { timeout: 5000 })).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: PANEL });
    expect(screen.getByRole('heading', { level: 1, name: 'Konten verknüpfen' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Keine Verknüpfung offen' })).not.toBeInTheDocument();
    expect(screen.queryByText(/ist abgelaufen|nicht mehr gültig/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Passwort/)).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    return panel;
  }

  // QA: a reload, or Back then Forward, said that nothing waited for linking or it had expired, though the identity was
  // linked. The history entry keeps whom the mail goes to (its state, which a reload and Back/Forward bring back), never
  // the spent link token.
  it('reloaded after the password linked it: still the statement and the panel, and the mail still goes out', async () => {
    const identity = await unconfirmedConflict();
    const linkToken = window.sessionStorage.getItem(TOKEN_KEY)!;
    const first = await openAppHoldingRouter('/social/link-accounts', identity);
    await linkWith(PASSWORD);
    await linkedThenThePanel();
    const entry = await entryState();
    expect(JSON.stringify(entry)).not.toContain(linkToken);
    // Writing the entry moves nothing: the statement keeps the focus.
    expect(screen.getByText(LINKED)).toHaveFocus();
    first.unmount();
    await loadApp('/social/link-accounts', { identity, state: entry });
    await resendToAddress(await stillLinked());
  });

  it("reloaded after the passkey linked it: the mail still goes to the pending account's regToken", async () => {
    const identity = await unconfirmedConflict();
    const resent: unknown[] = [];
    let pendingRegToken: string | undefined;
    const passkeyOnly: IdentityProvider = {
      ...identity,
      getConflictingAccount: async () => ({ errorCode: 0, conflictingAccount: { loginID: EMAIL, loginProviders: ['passkey'] } }),
      passkeyLogin: async (params) => {
        const answer = await identity.login({ loginID: EMAIL, password: PASSWORD, loginMode: params.loginMode, regToken: params.regToken });
        pendingRegToken = answer.regToken;
        return answer;
      },
      resendVerificationCode: async (params) => (resent.push(params), { errorCode: 0 }),
    };
    const first = await openAppHoldingRouter('/social/link-accounts', passkeyOnly);
    await userEvent.click(await screen.findByRole('button', { name: 'Mit Passkey anmelden' }, { timeout: 5000 }));
    await linkedThenThePanel();
    const entry = await entryState();
    first.unmount();
    await loadApp('/social/link-accounts', { identity: passkeyOnly, state: entry });
    const panel = await stillLinked();
    await userEvent.click(within(panel).getByRole('button', { name: RESEND }));
    expect(await within(panel).findByText(SENT)).toBeInTheDocument();
    expect(resent).toEqual([{ regToken: pendingRegToken }]);
    expect(pendingRegToken).toEqual(expect.any(String));
  });

  it('to another page and Back to it: still the statement and the panel', async () => {
    const identity = await unconfirmedConflict();
    await openAppHoldingRouter('/social/link-accounts', identity);
    await linkWith(PASSWORD);
    await linkedThenThePanel();
    await entryState();
    await act(async () => void router.navigate('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    await act(async () => void router.navigate(-1));
    await resendToAddress(await stillLinked());
  });

  it('brought back by Back from the cache after it linked (the token is gone then): still the statement', async () => {
    const identity = await unconfirmedConflict();
    await openApp('/social/link-accounts', { identity });
    await linkWith(PASSWORD);
    await linkedThenThePanel();
    act(() => {
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    });
    await stillLinked();
  });

  // Only the shape the page writes counts: anything else in the entry's state (another page's, a made-up one) claims no
  // linking.
  it.each([
    ['an address that is no string', { linkedUnverified: { email: 42 } }],
    ['an empty address', { linkedUnverified: { email: '' } }],
    ['neither address nor regToken', { linkedUnverified: { loginID: EMAIL } }],
    ['no object', { linkedUnverified: EMAIL }],
    ['null', { linkedUnverified: null }],
    ['the target without its name', { email: EMAIL }],
    ['a regToken that is no string', { linkedUnverified: { regToken: ['x'] } }],
  ])('a history entry whose state holds %s: nothing waits for linking', async (_name, state) => {
    await loadApp('/social/link-accounts', { identity: createFakeProvider(), state });
    expect(await screen.findByRole('heading', { level: 1, name: 'Keine Verknüpfung offen' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(LINKED)).not.toBeInTheDocument();
  });

  it('a shopper logged in meanwhile who opens the entry again goes on to the account, as without the state', async () => {
    const identity = createFakeProvider({
      accounts: [{ email: EMAIL, password: PASSWORD, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }],
    });
    await identity.login({ loginID: EMAIL, password: PASSWORD });
    await loadApp('/social/link-accounts', { identity, state: { linkedUnverified: { email: EMAIL } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it("the account's passkey answered 400006 REGISTRATION_UNVERIFIED (no regToken): the same, to the account's address", async () => {
    const identity = await unconfirmedConflict();
    const passkeyOnly: IdentityProvider = {
      ...identity,
      getConflictingAccount: async () => ({ errorCode: 0, conflictingAccount: { loginID: EMAIL, loginProviders: ['passkey'] } }),
      passkeyLogin: async () => ({ errorCode: ErrorCode.INVALID_PARAMETER, errorDetails: ErrorDetails.REGISTRATION_UNVERIFIED }),
    };
    await openApp('/social/link-accounts', { identity: passkeyOnly });
    await userEvent.click(await screen.findByRole('button', { name: 'Mit Passkey anmelden' }, { timeout: 5000 }));
    await resendToAddress(await linkedThenThePanel());
  });
});
