import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testMetadata } from '@portal/cms/testing';
import { SESSION_CHANNEL } from '@portal/identity';
import { createFakeProvider, createScriptedGigya, restoreTabChannels, withTabChannels } from '@portal/identity/testing';
import { forgetLanguage } from '@portal/ui/testing';
import { PARTNER_TOKEN_KEY, SIGN_IN_PARTNER_KEY, storePartnerToken } from '../../shared/single-sign-on';
import { jsonResponse, openApp } from '../../testing/render-app';
import { leaveApp } from '../../shared/leave-app';

const EMAIL = 'kunde@example.com';
const PASSWORD = 'Geheim12!';
const accepted = { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } };
const account = { email: EMAIL, password: PASSWORD, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } };

beforeEach(() => {
  forgetLanguage();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
// Each case loads lazily split pages (code and texts) one after another, on a machine shared by several runs.
jest.setTimeout(20_000);

async function logIn() {
  await userEvent.type(await screen.findByLabelText(/E-Mail-Adresse/, undefined, { timeout: 5000 }), EMAIL);
  await userEvent.type(screen.getByLabelText(/^Passwort/), PASSWORD);
  await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
}

describe('the hand-over to a partner (spec 000 §2, §4)', () => {
  it('keeps the partner request of /login?oidcRequest= and, after the login, hands the shopper back to the partner', async () => {
    const left: string[] = [];
    const spy = jest.spyOn(leaveApp, 'replaceWith').mockImplementation((url) => void left.push(url));
    const identity = createFakeProvider({ accounts: [account] });
    await openApp('/login?oidcRequest=req-42', { identity });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(PARTNER_TOKEN_KEY)!)).toMatchObject({ token: 'req-42' });
    await logIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sie werden zurückgeleitet' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(left).toEqual(['/oidc/continue?id=req-42']));
    expect(screen.getByText(/Sie werden jetzt zurück zum Partnerdienst geleitet/)).toHaveAttribute('data-redirect-state', 'GIGYA_REDIRECT_TO_SERVICE_PARTNER_IN_PROGRESS');
    expect(window.localStorage.getItem(PARTNER_TOKEN_KEY)).toBeNull();
    spy.mockRestore();
  });

  it('sends a shopper who is not logged in from the redirect page to the login, keeping the partner token', async () => {
    storePartnerToken('req-7');
    await openApp('/login/redirect?mode=afterConsent&skipConsent=true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(window.localStorage.getItem(PARTNER_TOKEN_KEY)).not.toBeNull();
  });

  it('goes home from the redirect page without single sign-on', async () => {
    await openApp('/login/redirect');
    // Home needs a login: the logged-out visitor lands on the login.
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe("with SAP Customer Data Cloud, the redirect page is the vendor's OIDC proxy page", () => {
  afterEach(() => {
    delete (window as Window & { gigya?: unknown }).gigya;
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  it('loads the OIDC script with the sso api key on the scripted Web SDK', async () => {
    (window as Window & { gigya?: unknown }).gigya = createScriptedGigya().gigya;
    const metadata = testMetadata({ sso: { apiKey: 'SSO-KEY', customLogin: false }, identity: { provider: 'cdc', socialProviders: ['apple', 'googleplus', 'facebook'], cdc: { apiKey: 'SITE-KEY', dataCenter: 'eu1' } } });
    await openApp('/login/redirect?mode=afterConsent&skipConsent=true', { metadata, identity: createFakeProvider() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sie werden zurückgeleitet' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(document.head.querySelector('script[src*="gigya.oidc.js"]')).not.toBeNull());
    const script = document.head.querySelector<HTMLScriptElement>('script[src*="gigya.oidc.js"]')!;
    expect(script.src).toBe('https://cdns.eu1.gigya.com/js/gigya.oidc.js?apiKey=SSO-KEY');
    expect(JSON.parse(script.text)).toEqual({ loginURL: '/login', consentURL: '/login/redirect?mode=afterConsent&skipConsent=true', errorURL: '/error/oidc' });
    expect(document.head.querySelector('script[src*="gigya.js"]')).toBeNull();
  });
});

describe('sso.customLogin (spec 000 §7)', () => {
  it('posts the login form-encoded to the service and reacts to its errorCode', async () => {
    const identity = createFakeProvider({ accounts: [account] });
    const posted: { url: string; body: string; type: string }[] = [];
    const rest = (url: string, init?: RequestInit) => {
      if (!url.endsWith('/rest/v1/account/login')) return undefined;
      posted.push({ url, body: String(init?.body), type: new Headers(init?.headers).get('Content-Type') ?? '' });
      return jsonResponse(200, { errorCode: 403042, apiVersion: 2 });
    };
    await openApp('/login', { identity, rest, metadata: testMetadata({ restApi: 'https://api.example', sso: { apiKey: '', customLogin: true } }) });
    await logIn();
    expect(await screen.findByText('Die E-Mail-Adresse oder das Passwort ist falsch.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(posted).toEqual([{ url: 'https://api.example/rest/v1/account/login', body: new URLSearchParams({ loginID: EMAIL, password: PASSWORD }).toString(), type: 'application/x-www-form-urlencoded' }]);
    expect(identity.calls.some((call) => call.method === 'login')).toBe(false);
  });

  it('logs in through the provider once the service said 0', async () => {
    const identity = createFakeProvider({ accounts: [account] });
    const rest = (url: string) => (url.endsWith('/rest/v1/account/login') ? jsonResponse(200, { errorCode: 0, apiVersion: 2 }) : undefined);
    await openApp('/login', { identity, rest, metadata: testMetadata({ sso: { apiKey: '', customLogin: true } }) });
    await logIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' }, { timeout: 5000 })).toBeInTheDocument();
  });

  // Spec 000 audit: the service's answer is errorCode and apiVersion only, so its 206001 (an incomplete registration,
  // or terms changed since) had no regToken; the form said "Fehlercode: 206001" and the registration was never finished.
  it("206001: goes on to the provider's login for the regToken and finishes the registration", async () => {
    const identity = createFakeProvider({ accounts: [{ ...account, pendingFields: ['profile.zip'] }] });
    const rest = (url: string) => (url.endsWith('/rest/v1/account/login') ? jsonResponse(200, { errorCode: 206001, apiVersion: 2 }) : undefined);
    await openApp('/login', { identity, rest, metadata: testMetadata({ sso: { apiKey: '', customLogin: true } }) });
    await logIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrierung abschließen' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /Postleitzahl/ })).toBeInTheDocument();
    expect(identity.calls.filter((call) => call.method === 'login')).toHaveLength(1);
  });
});

describe("the consent page of a partner that is not the retailer's own", () => {
  const consentAnswer = (scopes: string[], email = 'anna@example.com') => (url: string) =>
    url.startsWith('/oidc/consent?') ? jsonResponse(200, { partner: { id: 'reisen', name: 'Reiseservice' }, scopes, account: 'uid-anna', email }) : undefined;

  // QA: the page named no account, so one that another tab had logged in meanwhile went to the partner with nothing
  // on the page changed.
  it('names the account the partner receives, by its address', async () => {
    await openApp('/login/consent?oidcRequest=req-1', { rest: consentAnswer(['email']) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reiseservice möchte Sie mit Ihrem Kundenkonto anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Angemeldet als anna@example.com')).toBeInTheDocument();
  });

  it('shows an address of an internationalised domain as people write it', async () => {
    await openApp('/login/consent?oidcRequest=req-1', { rest: consentAnswer(['email'], 'anna@xn--bcher-kva.de') });
    expect(await screen.findByText('Angemeldet als anna@bücher.de', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('lists what the partner receives', async () => {
    await openApp('/login/consent?oidcRequest=req-1', { rest: consentAnswer(['profile', 'email']) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reiseservice möchte Sie mit Ihrem Kundenkonto anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Dafür erhält Reiseservice von Ihrem Kundenkonto:')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ihren Vor- und Nachnamen', 'Ihre E-Mail-Adresse']);
  });

  // QA round: with scope=openid alone the page said "Dafür erhält … von Ihrem Kundenkonto:" over an empty list.
  it('says in one sentence that a partner asking for nothing receives no data, without an empty list', async () => {
    await openApp('/login/consent?oidcRequest=req-2', { rest: consentAnswer([]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reiseservice möchte Sie mit Ihrem Kundenkonto anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Reiseservice erhält dafür keine Angaben aus Ihrem Kundenkonto, nur eine Kennung, an der Sie bei Ihrer nächsten Anmeldung wiedererkannt werden.')).toBeInTheDocument();
    expect(screen.queryByText(/von Ihrem Kundenkonto:/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erlauben' })).toBeInTheDocument();
  });
});

describe('/login/consent', () => {
  // QA: Back to the consent page after a decision, Back from the partner, or a request id that is no request: the
  // page said "Sie werden zurückgeleitet" (nothing was) and offered no way on.
  it.each([
    ['an unknown request', '/login/consent?oidcRequest=garbage'],
    ['no request', '/login/consent'],
  ])('%s: the expired sign-in page of the service, its heading focused, with the way to the login', async (_, path) => {
    const rest = (url: string) => (url.startsWith('/oidc/consent') ? jsonResponse(404, { error: { code: 'not_found' } }) : undefined);
    await openApp(path, { rest });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Diese Anmeldung ist abgelaufen.' }, { timeout: 5000 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Bitte starten Sie die Anmeldung beim Partnerdienst noch einmal.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText('Sie werden zurückgeleitet')).not.toBeInTheDocument();
  });

  it('a decision the service no longer takes (the request answered meanwhile) ends the same way', async () => {
    const rest = (url: string, init?: RequestInit) => {
      if (!url.startsWith('/oidc/consent')) return undefined;
      return init?.method === 'POST'
        ? jsonResponse(400, { error: { code: 'expired' } })
        : jsonResponse(200, { partner: { id: 'p', name: 'Rezeptwelt' }, scopes: ['openid', 'email'], account: 'uid-anna', email: 'anna@example.com' });
    };
    await openApp('/login/consent?oidcRequest=req-1', { rest });
    await userEvent.click(await screen.findByRole('button', { name: 'Ablehnen' }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Diese Anmeldung ist abgelaufen.' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Login' })).toBeInTheDocument();
  });
});

// QA of 2026-11-30: the consent page stayed as its shopper logged out in another tab of the browser, and another account
// logged in there; "Erlauben" then granted the partner that other account, which had never seen the page. After a
// logout only, it went to /login?oidcRequest=… without a word. The page follows the other tabs' word on the session,
// as the account pages do, and names the account it was shown to with the decision, which the service takes only from
// that account's session.
describe('/login/consent while the browser session changes', () => {
  afterEach(restoreTabChannels);

  const partner = { id: 'reisen', name: 'Reiseservice' };
  const SESSION_ENDED = 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.';
  const ACCOUNT_CHANGED = 'Inzwischen ist in diesem Browser ein anderes Kundenkonto angemeldet. Ihre Entscheidung gilt nun für dieses Kundenkonto.';

  /**
   * The service over the browser's session: `session.account` is the uid of its shopper (none: logged out); a decision
   * counts only from the account the page names (account), else 409, and 401 without a session.
   */
  function consentService(session: { account?: string }) {
    const decisions: URLSearchParams[] = [];
    const rest = (url: string, init?: RequestInit) => {
      if (!url.startsWith('/oidc/consent')) return undefined;
      if (init?.method === 'POST') {
        const body = new URLSearchParams(String(init.body));
        decisions.push(body);
        if (!session.account) return jsonResponse(401, { error: 'login_required' });
        if (body.get('account') !== session.account) return jsonResponse(409, { error: 'account_changed' });
        return jsonResponse(200, { next: 'https://reisen.example/callback?code=c' });
      }
      return session.account
        ? jsonResponse(200, { partner, scopes: ['email'], account: session.account, email: `${session.account.slice('uid-'.length)}@example.com` })
        : jsonResponse(401, { error: 'login_required' });
    };
    return { rest, decisions };
  }

  /** Another tab's account store: the browser's session changed (a login, a logout). */
  async function anotherTabSays(...messages: unknown[]) {
    await act(async () => {
      const channel = new BroadcastChannel(SESSION_CHANNEL);
      messages.forEach((message) => channel.postMessage(message));
      channel.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
  }

  const consentHeading = () => screen.findByRole('heading', { level: 1, name: 'Reiseservice möchte Sie mit Ihrem Kundenkonto anmelden' }, { timeout: 5000 });

  it('another tab logs out: the page says that the session ended, at the login that goes on with the sign-in', async () => {
    withTabChannels(true);
    const session = { account: 'uid-erika' };
    await openApp('/login/consent?oidcRequest=req-9&partner=reisen', { rest: consentService(session).rest });
    await consentHeading();
    delete (session as { account?: string }).account;
    await anotherTabSays('logout', 0);
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(SESSION_ENDED)).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(PARTNER_TOKEN_KEY)!)).toMatchObject({ token: 'req-9' });
  });

  it('another tab logs in another account: the page asks that account, says so, and names it with the decision', async () => {
    withTabChannels(true);
    const session = { account: 'uid-erika' };
    const service = consentService(session);
    const spy = jest.spyOn(leaveApp, 'to').mockImplementation(() => undefined);
    try {
      await openApp('/login/consent?oidcRequest=req-9&partner=reisen', { rest: service.rest });
      await consentHeading();
      expect(screen.queryByText(ACCOUNT_CHANGED)).not.toBeInTheDocument();
      expect(screen.getByText('Angemeldet als erika@example.com')).toBeInTheDocument();
      session.account = 'uid-max';
      await anotherTabSays(0);
      expect(await screen.findByText(ACCOUNT_CHANGED, undefined, { timeout: 5000 })).toBeInTheDocument();
      // The account the decision now hands over, by name.
      expect(screen.getByText('Angemeldet als max@example.com')).toBeInTheDocument();
      expect(screen.queryByText(/erika@example\.com/)).not.toBeInTheDocument();
      await act(() => userEvent.click(screen.getByRole('button', { name: 'Erlauben' })));
      await waitFor(() => expect(spy).toHaveBeenCalledWith('https://reisen.example/callback?code=c'));
      expect(service.decisions.map((body) => body.get('account'))).toEqual(['uid-max']);
    } finally {
      spy.mockRestore();
    }
  });

  // Without the other tabs' word (a browser without BroadcastChannel, a tab asleep): the service's answer to the decision.
  it('a decision the service refuses for another account: the page asks the account logged in now', async () => {
    withTabChannels(false);
    const session = { account: 'uid-erika' };
    const service = consentService(session);
    await openApp('/login/consent?oidcRequest=req-9&partner=reisen', { rest: service.rest });
    await consentHeading();
    session.account = 'uid-max';
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Erlauben' })));
    expect(await screen.findByText(ACCOUNT_CHANGED, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reiseservice möchte Sie mit Ihrem Kundenkonto anmelden' })).toBeInTheDocument();
    expect(service.decisions.map((body) => body.get('account'))).toEqual(['uid-erika']);
  });

  // "Nicht Sie?": the product's own way to another account, the logout, goes on to the login of this sign-in.
  it('offers another account: a logout, then the login that goes on with the sign-in', async () => {
    withTabChannels(false);
    const other = { ...account, email: 'max@example.com', profile: { firstName: 'Max', lastName: 'Muster' } };
    const identity = createFakeProvider({ accounts: [account, other] });
    await identity.login({ loginID: EMAIL, password: PASSWORD });
    const spy = jest.spyOn(leaveApp, 'replaceWith').mockImplementation(() => undefined);
    try {
      await openApp('/login/consent?oidcRequest=req-9&partner=reisen', { identity, rest: consentService({ account: 'uid-erika' }).rest });
      await consentHeading();
      await act(() => userEvent.click(screen.getByRole('link', { name: 'Abmelden und mit einem anderen Kundenkonto anmelden' })));
      expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
      expect(identity.calls.filter((call) => call.method === 'logout')).toHaveLength(1);
      expect((await identity.getAccountInfo()).errorCode).toBe(403005);
      expect(JSON.parse(window.localStorage.getItem(PARTNER_TOKEN_KEY)!)).toMatchObject({ token: 'req-9' });
      await userEvent.type(screen.getByLabelText(/E-Mail-Adresse/), other.email);
      await userEvent.type(screen.getByLabelText(/^Passwort/), PASSWORD);
      await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
      // The service then asks that account for its consent.
      await waitFor(() => expect(spy).toHaveBeenCalledWith('/oidc/continue?id=req-9'), { timeout: 5000 });
    } finally {
      spy.mockRestore();
    }
  });

  it('a decision without a session: the login says that the session ended', async () => {
    withTabChannels(false);
    const session = { account: 'uid-erika' };
    await openApp('/login/consent?oidcRequest=req-9&partner=reisen', { rest: consentService(session).rest });
    await consentHeading();
    delete (session as { account?: string }).account;
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Erlauben' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(SESSION_ENDED)).toBeInTheDocument();
  });
});

// Spec 000 §1: the hand-over returns the shopper to the originating site. A sign-in that expired before the login
// (the service sends it to /error/sso-expired) offered only "Zum Login", which led a logged-in shopper home, with no
// way back to the partner (QA journeys round, 2026-11-30).
describe('the expired sign-in page (/error/sso-expired)', () => {
  const partners = [
    { id: 'fotoservice', name: 'Fotoservice', homeUrl: 'https://foto.example/', postLogoutRedirectUris: ['https://foto.example/'] },
    { id: 'reisen', name: 'Reiseservice', postLogoutRedirectUris: [] },
  ];
  const partnerList = (url: string) => (url === '/oidc/partners' ? jsonResponse(200, partners) : undefined);
  const expiredHeading = () => screen.findByRole('heading', { level: 1, name: 'Diese Anmeldung ist abgelaufen.' }, { timeout: 5000 });

  it('leads a shopper who logged in for it back to the partner, and home rather than to the login', async () => {
    const spy = jest.spyOn(leaveApp, 'replaceWith').mockImplementation(() => undefined);
    try {
      const identity = createFakeProvider({ accounts: [account] });
      await openApp('/login?oidcRequest=req-42&partner=fotoservice', { identity });
      await logIn();
      await waitFor(() => expect(spy).toHaveBeenCalledWith('/oidc/continue?id=req-42'));
      // The service no longer holds the request: it sends the browser to its expired sign-in page.
      cleanup();
      await openApp('/error/sso-expired', { identity, rest: partnerList });
      await expiredHeading();
      expect(await screen.findByRole('link', { name: 'Zurück zu Fotoservice' }, { timeout: 5000 })).toHaveAttribute('href', 'https://foto.example/');
      expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
      expect(screen.queryByRole('link', { name: 'Zum Login' })).not.toBeInTheDocument();
    } finally {
      spy.mockRestore();
    }
  });

  it('offers a shopper who is not logged in the partner and the login', async () => {
    window.sessionStorage.setItem(SIGN_IN_PARTNER_KEY, 'fotoservice');
    await openApp('/error/sso-expired', { rest: partnerList });
    await expiredHeading();
    expect(await screen.findByRole('link', { name: 'Zurück zu Fotoservice' }, { timeout: 5000 })).toHaveAttribute('href', 'https://foto.example/');
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Zur Startseite' })).not.toBeInTheDocument();
  });

  it.each([
    ['no registered partner (never an open redirect)', 'https://evil.example/'],
    ['a partner without a start page', 'reisen'],
  ])('links to no partner for an id of %s', async (_, id) => {
    window.sessionStorage.setItem(SIGN_IN_PARTNER_KEY, id);
    const asked: string[] = [];
    const rest = (url: string) => {
      asked.push(url);
      return partnerList(url);
    };
    await openApp('/error/sso-expired', { rest });
    await expiredHeading();
    await waitFor(() => expect(asked).toContain('/oidc/partners'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50))); // its answer read
    expect(within(screen.getByRole('main')).getAllByRole('link').map((link) => link.textContent)).toEqual(['Zum Login']);
  });

  // QA: a login after the partner's login page stood open 16 minutes (the browser's clock and the service's moved on)
  // landed on the account page, since the browser's record had expired, and the partner never heard back.
  it('a login after the sign-in expired at the login page leads back to the partner', async () => {
    const spy = jest.spyOn(leaveApp, 'replaceWith').mockImplementation(() => undefined);
    const now = jest.spyOn(Date, 'now');
    try {
      const identity = createFakeProvider({ accounts: [account] });
      await openApp('/login?oidcRequest=req-42&partner=fotoservice', { identity, rest: partnerList });
      await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 });
      const opened = Date.now();
      now.mockImplementation(() => opened + 16 * 60_000);
      await logIn();
      await expiredHeading();
      expect(await screen.findByRole('link', { name: 'Zurück zu Fotoservice' }, { timeout: 5000 })).toHaveAttribute('href', 'https://foto.example/');
      expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
      expect(spy).not.toHaveBeenCalled();
    } finally {
      now.mockRestore();
      spy.mockRestore();
    }
  });

  // QA: the pages of a partner's sign-in and logout that the service refuses offered a logged-in shopper only "Zum
  // Login", which led home; the logout's one even asks the shopper to log out in the customer account.
  it.each([
    ['sso-invalid', 'Die Anmeldung beim Partnerdienst ist nicht möglich.'],
    ['sso-logout-invalid', 'Die Abmeldung über den Partnerdienst ist nicht möglich.'],
  ])('/error/%s leads a logged-in shopper home, and one who is not to the login, as the expired one does', async (code, headline) => {
    const identity = createFakeProvider({ accounts: [account] });
    await identity.login({ loginID: EMAIL, password: PASSWORD });
    await openApp(`/error/${code}`, { identity });
    expect(await screen.findByRole('heading', { level: 1, name: headline }, { timeout: 5000 })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Zur Startseite', '/']]);
    cleanup();
    await openApp(`/error/${code}`, { identity: createFakeProvider({ accounts: [account] }) });
    expect(await screen.findByRole('heading', { level: 1, name: headline }, { timeout: 5000 })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Zum Login', '/login']]);
  });

  it("the consent page's expired request leads back to the partner that asked", async () => {
    const rest = (url: string) => (url.startsWith('/oidc/consent') ? jsonResponse(400, { error: 'invalid_request' }) : partnerList(url));
    await openApp('/login/consent?oidcRequest=gone&partner=fotoservice', { rest });
    await expiredHeading();
    expect(await screen.findByRole('link', { name: 'Zurück zu Fotoservice' }, { timeout: 5000 })).toHaveAttribute('href', 'https://foto.example/');
  });
});
