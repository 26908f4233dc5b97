import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { ErrorCode, ErrorDetails } from '@portal/identity';
import { commonPasswordsFrom, createFakeProvider, type FakeIdentityProvider } from '@portal/identity/testing';
import { forgetLanguage, renderPage } from '@portal/ui/testing';
import { loadMessages } from '../../../app/messages';
import { AppRoutes } from '../../../app/routes';
import { peekFlash } from '../../../shared/flash';
import { leaveApp } from '../../../shared/leave-app';
import { PARTNER_TOKEN_KEY, storePartnerToken } from '../../../shared/single-sign-on';
import { openApp } from '../../../testing/render-app';

beforeEach(forgetLanguage);
// Each case loads lazily split pages (code and texts) one after another, on a machine shared by several runs.
jest.setTimeout(20_000);

const EMAIL = 'kunde@example.com';
const OLD_PASSWORD = 'Geheim12!';
const NEW_PASSWORD = 'Neu-Geheim34?';
const accepted = { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } };

function shopper(): FakeIdentityProvider {
  return createFakeProvider({
    accounts: [{ email: EMAIL, password: OLD_PASSWORD, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }],
  });
}

async function requestReset(email = EMAIL) {
  await userEvent.type(await screen.findByRole('textbox', { name: /E-Mail-Adresse/ }, { timeout: 5000 }), email);
  await userEvent.click(screen.getByRole('button', { name: 'Link senden' }));
}

async function setNewPassword(password: string, retype = password) {
  await userEvent.type(await screen.findByLabelText(/^Neues Passwort \*/, {}, { timeout: 5000 }), password);
  await userEvent.type(screen.getByLabelText(/^Neues Passwort wiederholen/), retype);
  await userEvent.click(screen.getByRole('button', { name: 'Passwort speichern' }));
}

/** The path and query of the reset link the fake mailed. */
function resetLink(identity: FakeIdentityProvider): string {
  const link = new URL(identity.lastMail(EMAIL, 'password-reset')!.link);
  return `${link.pathname}${link.search}`;
}

describe('/login/reset-password/start', () => {
  it("starts with the address the registration's account-exists link hands over in the navigation state (QA)", async () => {
    const identity = shopper();
    await openApp('/login/reset-password/start', { identity, state: { email: EMAIL } });
    const email = await screen.findByRole('textbox', { name: /E-Mail-Adresse/ }, { timeout: 5000 });
    expect(email).toHaveValue(EMAIL);
    await userEvent.click(screen.getByRole('button', { name: 'Link senden' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bitte sehen Sie in Ihr Postfach' })).toBeInTheDocument();
    expect(identity.calls.find((call) => call.method === 'resetPassword')?.params).toMatchObject({ loginID: EMAIL });
  });

  it('asks for the e-mail address before calling the provider (global.email.required)', async () => {
    const identity = shopper();
    await openApp('/login/reset-password/start', { identity });
    expect(await screen.findByRole('heading', { level: 1, name: 'Passwort vergessen?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Link senden' }));
    expect(await screen.findByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(identity.calls.some((call) => call.method === 'resetPassword')).toBe(false);
  });

  it('sends the mail, keeps the address as pwResetLoginID and shows the process-started page with a back link', async () => {
    const identity = shopper();
    await openApp('/login/reset-password/start', { identity });
    await requestReset();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bitte sehen Sie in Ihr Postfach' })).toBeInTheDocument();
    expect(screen.getByText(/Wir haben eine E-Mail an kunde@example.com geschickt\. .* innerhalb von 60 Minuten/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute('href', '/login');
    expect(window.localStorage.getItem('pwResetLoginID')).toBe(EMAIL);
    expect(identity.lastMail(EMAIL, 'password-reset')?.lang).toBe('de');
    // The page's tag with its country: the mail's link opens the shopper's country's pages (QA).
    expect(identity.calls.find((call) => call.method === 'resetPassword')?.params).toEqual({ loginID: EMAIL, lang: 'de-DE' });
  });

  // QA wording round, 2026-11-30: the browser's e-mail field hands an internationalised domain over in its xn-- form,
  // which the process-started page showed.
  it('names the address with its domain in Unicode, as the shopper wrote it', async () => {
    const identity = createFakeProvider({
      accounts: [{ email: 'kunde@xn--bcher-kva.de', password: OLD_PASSWORD, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }],
    });
    await openApp('/login/reset-password/start', { identity });
    await requestReset('kunde@xn--bcher-kva.de');
    expect(await screen.findByText(/Wir haben eine E-Mail an kunde@bücher\.de geschickt\./)).toBeInTheDocument();
    expect(identity.calls.find((call) => call.method === 'resetPassword')?.params).toMatchObject({ loginID: 'kunde@xn--bcher-kva.de' });
  });

  it('403047: says that no account has this address', async () => {
    await openApp('/login/reset-password/start', { identity: shopper() });
    await requestReset('niemand@example.com');
    const email = screen.getByRole('textbox', { name: /E-Mail-Adresse/ });
    await waitFor(() => expect(email).toHaveAccessibleDescription('Es gibt kein Kundenkonto mit diesem Benutzernamen oder dieser E-Mail-Adresse.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(window.localStorage.getItem('pwResetLoginID')).toBeNull();
  });

  it('400125: a second request within 15 minutes says that the shopper must wait', async () => {
    const identity = shopper();
    await identity.resetPassword({ loginID: EMAIL });
    await openApp('/login/reset-password/start', { identity });
    await requestReset();
    expect(await screen.findByText(/Bitte warten Sie 15 Minuten, bevor Sie einen neuen anfordern/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Passwort vergessen?' })).toBeInTheDocument();
  });

  it('shows any other answer with its code', async () => {
    const identity = shopper();
    await openApp('/login/reset-password/start', { identity: { ...identity, resetPassword: async () => ({ errorCode: 500001 }) } });
    await requestReset();
    expect(await screen.findByText('Es ist ein unerwarteter Fehler aufgetreten. Fehlercode: 500001')).toBeInTheDocument();
  });

  it('a request without an answer, offline, says the connection is missing, not the code network (QA)', async () => {
    const offline = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const identity = shopper();
      identity.failNext('resetPassword');
      await openApp('/login/reset-password/start', { identity });
      await requestReset();
      expect(await screen.findByText('Keine Verbindung zum Internet. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.')).toBeInTheDocument();
      expect(screen.queryByText(/Fehlercode/)).not.toBeInTheDocument();
    } finally {
      offline.mockRestore();
    }
  });

  it('another transport failure is said with its code', async () => {
    const identity = shopper();
    identity.failNext('resetPassword', 'invalid-response');
    await openApp('/login/reset-password/start', { identity });
    await requestReset();
    expect(await screen.findByText('Es ist ein unerwarteter Fehler aufgetreten. Fehlercode: invalid-response')).toBeInTheDocument();
  });

  // QA: a reload of the process-started page (or Back/Forward to it) brought the empty form back, whose second request
  // the service refuses for 15 minutes. The history entry keeps the outcome (its state), nothing else does.
  describe('the process-started page brought back', () => {
    const STARTED = 'Bitte sehen Sie in Ihr Postfach';
    /** The app's router as the test holds it once rendered: the shown entry's path, and the browser's Back and Forward. */
    let router: { pathname: string; navigate: NavigateFunction };
    function HoldRouter() {
      const { pathname } = useLocation();
      const navigate = useNavigate();
      useEffect(() => {
        router = { pathname, navigate };
      });
      return null;
    }
    /** Asks for the mail with the router held and the entry's address and state shown; answers the entry's state. */
    async function sentWithEntry(identity: FakeIdentityProvider) {
      const page = await renderPage(
        <>
          <AppRoutes />
          <Address />
          <HoldRouter />
        </>,
        { path: '/login/reset-password/start', messages: loadMessages, identity },
      );
      await requestReset();
      expect(await screen.findByRole('heading', { level: 1, name: STARTED }, { timeout: 5000 })).toBeInTheDocument();
      // The entry is replaced a moment after the page shows; it holds the address as shown, nothing else.
      await waitFor(() => expect(JSON.parse(screen.getByTestId('address').dataset.state!)).toEqual({ resetSentTo: EMAIL }));
      expect(screen.getByTestId('address')).toHaveTextContent(/^\/login\/reset-password\/start$/);
      return { page, state: JSON.parse(screen.getByTestId('address').dataset.state!) as unknown };
    }
    async function stillStarted(identity: FakeIdentityProvider) {
      expect(await screen.findByRole('heading', { level: 1, name: STARTED }, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.getByText(/Wir haben eine E-Mail an kunde@example.com geschickt\. .* innerhalb von 60 Minuten/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute('href', '/login');
      expect(screen.queryByRole('textbox', { name: /E-Mail-Adresse/ })).not.toBeInTheDocument();
      expect(identity.calls.filter((call) => call.method === 'resetPassword')).toHaveLength(1);
    }

    it('reloaded: still the process-started page with the address, and no second request', async () => {
      const identity = shopper();
      const { page, state } = await sentWithEntry(identity);
      // Writing the entry moves nothing: the headline keeps the focus.
      expect(screen.getByRole('heading', { level: 1, name: STARTED })).toHaveFocus();
      page.unmount();
      // The reload: the same address with the history entry's state.
      await openApp('/login/reset-password/start', { identity, state });
      await stillStarted(identity);
    });

    it('to the login and Back to it: still the process-started page', async () => {
      const identity = shopper();
      await sentWithEntry(identity);
      await userEvent.click(screen.getByRole('link', { name: 'Zurück zur Anmeldung' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
      await act(async () => void router.navigate(-1));
      await stillStarted(identity);
      expect(router.pathname).toBe('/login/reset-password/start');
    });

    it('opened at an entry that holds the address: the process-started page', async () => {
      const identity = shopper();
      await identity.resetPassword({ loginID: EMAIL });
      await openApp('/login/reset-password/start', { identity, state: { resetSentTo: EMAIL } });
      await stillStarted(identity);
    });

    // Only the shape the page writes counts: anything else in the entry's state (another page's, a made-up one) is
    // the form, and the registration's hand-over still fills it in.
    it.each([
      ['an address that is no string', { resetSentTo: 42 }],
      ['an empty address', { resetSentTo: '' }],
      ['no object', 'kunde@example.com'],
      ['null', { resetSentTo: null }],
      ['an address under another name', { sentTo: EMAIL }],
      ["the registration's hand-over", { email: EMAIL }],
    ])('an entry whose state holds %s: the form', async (name, state) => {
      await openApp('/login/reset-password/start', { identity: shopper(), state });
      expect(await screen.findByRole('heading', { level: 1, name: 'Passwort vergessen?' }, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: /E-Mail-Adresse/ })).toHaveValue(name === "the registration's hand-over" ? EMAIL : '');
      expect(screen.queryByRole('heading', { level: 1, name: STARTED })).not.toBeInTheDocument();
    });
  });
});

/** The router's address, and its history entry's state as data. */
function Address() {
  const { pathname, search, state } = useLocation();
  return (
    <output data-testid="address" data-state={JSON.stringify(state)}>
      {pathname + search}
    </output>
  );
}

describe('/login/reset-password', () => {
  // QA security round of 2026-11-29: the token, good for an hour, stayed in the address, where the retailer's tag
  // manager reads it, and in the browser's history.
  it('takes the token out of the address at once; a reload of the page keeps the form working', async () => {
    const identity = shopper();
    await identity.resetPassword({ loginID: EMAIL });
    const link = resetLink(identity);
    const linked = await renderPage(
      <>
        <AppRoutes />
        <Address />
      </>,
      { path: link, messages: loadMessages, identity },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Neues Passwort festlegen' }, { timeout: 5000 })).toBeInTheDocument();
    const address = screen.getByTestId('address');
    expect(address).toHaveTextContent(/^\/login\/reset-password$/);
    const state: unknown = JSON.parse(address.dataset.state!);
    linked.unmount();

    // The reload: the same address with the history entry's state.
    window.localStorage.setItem('pwResetLoginID', EMAIL);
    await openApp('/login/reset-password', { identity, state });
    await setNewPassword(NEW_PASSWORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('without pwrt goes to /, which sends a logged-out visitor on to the login', async () => {
    await openApp('/login/reset-password', { identity: shopper() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('refuses a retype that differs (clp.resetpassword.retypepassword.mismatch) and a password the policy refuses', async () => {
    const identity = shopper();
    await identity.resetPassword({ loginID: EMAIL });
    await openApp(resetLink(identity), { identity });
    expect(await screen.findByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeInTheDocument();
    await setNewPassword(NEW_PASSWORD, 'Neu-Geheim34!');
    expect(await screen.findByText('Die eingegebenen Passwörter stimmen nicht überein.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Neues Passwort \*/));
    await userEvent.type(screen.getByLabelText(/^Neues Passwort \*/), 'kurz');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    // The policy comes from getPolicies: 8 characters, all four groups.
    expect(await screen.findByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeInTheDocument();
    expect(identity.calls.some((call) => call.method === 'resetPassword' && 'passwordResetToken' in (call.params as object))).toBe(false);
    expect(identity.calls.some((call) => call.method === 'getPolicies')).toBe(true);
  });

  it('sets the new password, shows the success and logs the shopper in with the kept login ID, which is then gone', async () => {
    const identity = shopper();
    await identity.resetPassword({ loginID: EMAIL });
    window.localStorage.setItem('pwResetLoginID', EMAIL);
    await openApp(resetLink(identity), { identity });
    await setNewPassword(NEW_PASSWORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' }, { timeout: 5000 })).toBeInTheDocument();
    // The account page repeats the success, since the login leaves its page at once.
    expect(await screen.findByText('Ihr Passwort wurde geändert')).toBeInTheDocument();
    expect(identity.calls.filter((call) => call.method === 'login').map((call) => call.params)).toEqual([{ loginID: EMAIL, password: NEW_PASSWORD }]);
    expect(window.localStorage.getItem('pwResetLoginID')).toBeNull();
    expect((await identity.login({ loginID: EMAIL, password: OLD_PASSWORD })).errorCode).toBe(403042);
  });

  it('shows the success message while the automatic login runs', async () => {
    const identity = shopper();
    await identity.resetPassword({ loginID: EMAIL });
    window.localStorage.setItem('pwResetLoginID', EMAIL);
    let finishLogin: () => void = () => undefined;
    const slow = { ...identity, login: (params: Parameters<typeof identity.login>[0]) => new Promise<Awaited<ReturnType<typeof identity.login>>>((resolve) => (finishLogin = () => void identity.login(params).then(resolve))) };
    await openApp(resetLink(identity), { identity: slow });
    await setNewPassword(NEW_PASSWORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihr Passwort wurde geändert' })).toBeInTheDocument();
    expect(screen.getByText(/Aus Sicherheitsgründen wurden Sie auf allen Geräten abgemeldet/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Sie werden jetzt mit Ihrem neuen Passwort angemeldet');
    finishLogin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' }, { timeout: 5000 })).toBeInTheDocument();
  });

  // QA sign-in journeys audit of 2026-11-30: a reset started from a partner's login ended on the account page
  // ("Willkommen …, Ihr Passwort wurde geändert"), the partner's sign-in left waiting; every other login goes on to it.
  it.each([
    ['in the tab of the login', () => undefined],
    ["in another tab (the mail's link): the request kept in local storage", () => window.sessionStorage.removeItem(PARTNER_TOKEN_KEY)],
  ])("with a partner's sign-in waiting, the automatic login hands the shopper back to the partner, %s", async (_, tab) => {
    const left: string[] = [];
    const spy = jest.spyOn(leaveApp, 'replaceWith').mockImplementation((url) => void left.push(url));
    try {
      const identity = shopper();
      await identity.resetPassword({ loginID: EMAIL });
      window.localStorage.setItem('pwResetLoginID', EMAIL);
      storePartnerToken('req-42');
      tab();
      await openApp(resetLink(identity), { identity });
      await setNewPassword(NEW_PASSWORD);
      await waitFor(() => expect(left).toEqual(['/oidc/continue?id=req-42']), { timeout: 5000 });
      expect(identity.calls.filter((call) => call.method === 'login').map((call) => call.params)).toEqual([{ loginID: EMAIL, password: NEW_PASSWORD }]);
      expect(window.localStorage.getItem(PARTNER_TOKEN_KEY)).toBeNull();
      // No success waits for the account page, which the shopper, gone to the partner, does not open now.
      expect(peekFlash()).toBeUndefined();
    } finally {
      spy.mockRestore();
      window.localStorage.clear();
      window.sessionStorage.clear();
    }
  });

  it('without a kept login ID (link opened in another browser) asks the shopper to log in', async () => {
    const identity = shopper();
    await identity.resetPassword({ loginID: EMAIL });
    await openApp(resetLink(identity), { identity });
    await setNewPassword(NEW_PASSWORD);
    expect(await screen.findByText('Bitte melden Sie sich mit Ihrem neuen Passwort an.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
    expect(identity.calls.some((call) => call.method === 'login')).toBe(false);
  });

  it('400006/100001: refuses the current password at the field, as /accessdata does; the link then sets another one', async () => {
    const identity = shopper();
    await identity.resetPassword({ loginID: EMAIL });
    window.localStorage.setItem('pwResetLoginID', EMAIL);
    await openApp(resetLink(identity), { identity });
    await setNewPassword(OLD_PASSWORD);
    expect(await screen.findByText('Das neue Passwort muss sich vom bisherigen unterscheiden.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Neues Passwort \*/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeInTheDocument();
    expect(identity.calls.some((call) => call.method === 'login')).toBe(false);

    await userEvent.clear(screen.getByLabelText(/^Neues Passwort \*/));
    await userEvent.clear(screen.getByLabelText(/^Neues Passwort wiederholen/));
    await setNewPassword(NEW_PASSWORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' }, { timeout: 5000 })).toBeInTheDocument();
    expect((await identity.login({ loginID: EMAIL, password: OLD_PASSWORD })).errorCode).toBe(403042);
  });

  it('403025: the link is used, expired or unknown; offers to start again', async () => {
    const identity = shopper();
    await identity.resetPassword({ loginID: EMAIL });
    const link = resetLink(identity);
    await identity.resetPassword({ passwordResetToken: new URLSearchParams(link.split('?')[1]).get('pwrt')!, newPassword: NEW_PASSWORD });
    await openApp(link, { identity });
    await setNewPassword('Noch-Neuer56!');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dieser Link ist nicht mehr gültig' })).toBeInTheDocument();
    expect(screen.getByText(/abgelaufen, wurde bereits verwendet oder ist ungültig/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute('href', '/login/reset-password/start');
  });

  // QA operator round, 2026-11-30: the link of an account an operator blocked is held, not spent.
  it('403041: says that the account is blocked, in the words of the login', async () => {
    const identity = shopper();
    await openApp('/login/reset-password?pwrt=abc', { identity: { ...identity, resetPassword: async () => ({ errorCode: 403041 }) } });
    await setNewPassword(NEW_PASSWORD);
    expect(await screen.findByText('Ihr Kundenkonto ist gesperrt. Bitte wenden Sie sich an unseren Kundenservice.')).toBeInTheDocument();
    expect(screen.queryByText(/Fehlercode/)).not.toBeInTheDocument();
  });

  it('shows a policy refusal of the service at the password field', async () => {
    const identity = shopper();
    const refusing = {
      ...identity,
      resetPassword: async () => ({ errorCode: 400009, validationErrors: [{ fieldName: 'newPassword', errorCode: 400006, message: 'This password is too common' }] }),
    };
    await openApp('/login/reset-password?pwrt=abc', { identity: refusing });
    await setNewPassword(NEW_PASSWORD);
    expect(await screen.findByText('This password is too common')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Neues Passwort \*/)).toHaveAttribute('aria-invalid', 'true'));
  });

  // QA, 2026-11-30: a password the page took, made too long on its way (the request rewritten), got the service's English.
  // The refusal is known by its details (the contract's PASSWORD_TOO_LONG), whatever its words.
  it("the service's refusal of a too long password says the page's text with the limit, whatever the page sent", async () => {
    const identity = shopper();
    const refusing = {
      ...identity,
      resetPassword: async () => ({
        errorCode: ErrorCode.VALIDATION,
        errorDetails: ErrorDetails.PASSWORD_TOO_LONG,
        validationErrors: [{ fieldName: 'newPassword', errorCode: ErrorCode.INVALID_PARAMETER, message: 'Password exceeds the maximum length.' }],
      }),
    };
    await openApp('/login/reset-password?pwrt=abc', { identity: refusing });
    await setNewPassword(NEW_PASSWORD);
    expect(await screen.findByText('Das Passwort darf höchstens 256 Zeichen lang sein.')).toBeInTheDocument();
    expect(screen.queryByText(/too long/)).not.toBeInTheDocument();
  });

  // QA spec audit, 2026-11-30: `Aa1!` and 140 times `ä`, 144 characters but 284 bytes, got the service's English words.
  it('a password longer than the service takes (in bytes: umlauts count two) is refused on the page, in its language', async () => {
    const identity = shopper();
    await identity.resetPassword({ loginID: EMAIL });
    await openApp(resetLink(identity), { identity });
    const password = `Aa1!${'ä'.repeat(140)}`;
    await userEvent.click(await screen.findByLabelText(/^Neues Passwort \*/, {}, { timeout: 5000 }));
    await userEvent.paste(password);
    await userEvent.click(screen.getByLabelText(/^Neues Passwort wiederholen/));
    await userEvent.paste(password);
    await userEvent.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    await waitFor(() => expect(screen.getByLabelText(/^Neues Passwort \*/)).toHaveAccessibleDescription(expect.stringContaining('Das Passwort ist zu lang: höchstens 256 einfache Zeichen (A–Z, Ziffern, ! oder #); Umlaute, Buchstaben mit Akzent und Emojis zählen zwei- bis vierfach.')));
    expect(identity.calls.some((call) => call.method === 'resetPassword' && 'newPassword' in (call.params as object))).toBe(false);
  });

  it("a common or breached password says why in the page's language, as the registration does (QA: the provider's English words)", async () => {
    const identity = createFakeProvider({
      accounts: [{ email: EMAIL, password: OLD_PASSWORD, preferences: accepted }],
      commonPasswords: commonPasswordsFrom('123456\nP@ssw0rd\n'),
    });
    await identity.resetPassword({ loginID: EMAIL });
    await openApp(resetLink(identity), { identity });
    await setNewPassword('p@sSw0rD');
    expect(await screen.findByText('Dieses Passwort ist zu verbreitet: Es steht in Listen gestohlener Passwörter. Bitte wählen Sie ein anderes.')).toBeInTheDocument();
    expect(screen.queryByText(/lists of breached passwords/)).not.toBeInTheDocument();
  });
});
