import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorDetails, type IdentityProvider } from '@portal/identity';
import { createFakeProvider } from '@portal/identity/testing';
import { forgetLanguage } from '@portal/ui/testing';
import { jsonResponse, openApp, stubBackend } from '../../../testing/render-app';
import { windowWidth } from '../../../testing/window-width';
import { PASSWORDLESS_MIN_WIDTH } from '../../../shared/wide-screen';

// The browser's ceremony, which jsdom cannot take part in, answers with a made-up passkey; with mockAutofill the
// browser offers passkeys in the e-mail field, and the shopper's pick (or a virtual authenticator, as in QA's
// browser) answers that request at once.
let mockAutofill = false;
jest.mock('../../../shared/passkey-browser', () => ({
  ...jest.requireActual('../../../shared/passkey-browser'),
  conditionalMediationAvailable: async () => mockAutofill,
  signInWithPasskey: async () => ({ id: 'credential-1', type: 'public-key', response: {} }),
}));

const EMAIL = 'kunde@example.com';
const PASSWORD = 'Geheim12!';
const PANEL = 'Bitte bestätigen Sie Ihre E-Mail-Adresse';

/** An unconfirmed registration, as both the passkey login and the password login answer it (206002). */
function unconfirmed(): IdentityProvider {
  const answer = async () => ({ errorCode: 206002, regToken: 'pending-registration' });
  return { ...createFakeProvider(), login: answer, passkeyLogin: answer };
}

const matchMedia = window.matchMedia;
beforeEach(() => {
  forgetLanguage();
  mockAutofill = false;
  windowWidth(PASSWORDLESS_MIN_WIDTH);
});
afterEach(() => {
  window.matchMedia = matchMedia;
});

const widget = () => screen.getByRole('region', { name: 'Ohne Passwort' });

/** The one resend-verification panel on the page (spec 000 §4: "a resend-verification panel appears"). */
async function thePanel() {
  await waitFor(() => expect(screen.getAllByRole('region', { name: PANEL })).toHaveLength(1));
  return screen.getByRole('region', { name: PANEL });
}

async function logIn() {
  await userEvent.type(screen.getByRole('textbox', { name: /E-Mail-Adresse/ }), EMAIL);
  await userEvent.type(screen.getByLabelText(/^Passwort/), PASSWORD);
  await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
}

// QA of 2026-11-30: after a passkey login of an unconfirmed account the page showed two identical panels, one under the
// password form (the e-mail field's autofill had answered) and one under "Ohne Passwort" (the widget's button had).
describe('/login shows one resend-verification panel, beside the way the shopper logged in last', () => {
  it("the e-mail field's passkey autofill, then the widget's button: under the widget", async () => {
    mockAutofill = true;
    await openApp('/login', { identity: unconfirmed() });
    const first = await screen.findByRole('region', { name: PANEL }, { timeout: 5000 });
    expect(widget()).not.toContainElement(first);

    await userEvent.click(within(widget()).getByRole('button', { name: 'Mit Passkey anmelden' }));
    await waitFor(() => expect(within(widget()).getByRole('region', { name: PANEL })).toBeInTheDocument());
    const panel = await thePanel();
    expect(widget()).toContainElement(panel);
    expect(within(panel).getByRole('heading', { level: 2, name: PANEL })).toHaveFocus();
  }, 15_000);

  it("the widget's button, then the password form: under the form", async () => {
    await openApp('/login', { identity: unconfirmed() });
    await userEvent.click(await screen.findByRole('button', { name: 'Mit Passkey anmelden' }, { timeout: 5000 }));
    expect(widget()).toContainElement(await screen.findByRole('region', { name: PANEL }));

    await logIn();
    await waitFor(() => expect(widget()).not.toContainElement(screen.queryByRole('region', { name: PANEL })));
    const panel = await thePanel();
    expect(within(panel).getByRole('heading', { level: 2, name: PANEL })).toHaveFocus();
    // The password login's panel: its mail goes to the address typed.
    const calls = stubBackend((url) => (url.includes('/rest/v1/account/registration/verification-email') ? jsonResponse(201) : undefined));
    await userEvent.click(within(panel).getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }));
    expect(await within(panel).findByText('Wir haben Ihnen eine neue Bestätigungs-E-Mail geschickt.')).toBeInTheDocument();
    expect(calls[0]!.init).toMatchObject({ method: 'PUT', body: `email=${encodeURIComponent(EMAIL)}&lang=de-DE` });
  }, 15_000);

  it("the password form, then the widget's button: under the widget", async () => {
    await openApp('/login', { identity: unconfirmed() });
    await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 });
    await logIn();
    expect(widget()).not.toContainElement(await screen.findByRole('region', { name: PANEL }));

    await userEvent.click(within(widget()).getByRole('button', { name: 'Mit Passkey anmelden' }));
    await waitFor(() => expect(within(widget()).getByRole('region', { name: PANEL })).toBeInTheDocument());
    expect(widget()).toContainElement(await thePanel());
  }, 15_000);

  // The last note's open item (2026-11-30): the autofill's answer stood again, panel and message, while a later
  // password login ran, after an earlier password login had been refused.
  it("the autofill's answer, then the password form twice: the autofill's does not come back while a login runs", async () => {
    mockAutofill = true;
    let logins = 0;
    let answer: (value: { errorCode: number }) => void = () => undefined;
    const identity: IdentityProvider = {
      ...unconfirmed(),
      login: async () => (++logins === 1 ? { errorCode: 403042 } : new Promise((resolve) => (answer = resolve))),
    };
    await openApp('/login', { identity });
    await screen.findByRole('region', { name: PANEL }, { timeout: 5000 });

    await logIn();
    await waitFor(() => expect(screen.queryByRole('region', { name: PANEL })).not.toBeInTheDocument());
    const alert = screen.getAllByRole('alert').find((element) => element.classList.contains('form-error'))!;
    const refusal = alert.textContent;
    expect(refusal).not.toBe('');

    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(logins).toBe(2));
    expect(screen.queryByRole('region', { name: PANEL })).not.toBeInTheDocument();
    expect(alert).toHaveTextContent(/^$/);
    answer({ errorCode: 403042 });
    await waitFor(() => expect(alert).toHaveTextContent(refusal!));
  }, 15_000);
});

// QA of 2026-11-30: a passkey no longer registered (removed on another device), picked in the e-mail field's autofill and
// then tried with the widget's button, said "Dieser Passkey gehört zu keinem Kundenkonto" twice, above "Anmelden" and
// under the button: the form and the widget each kept their own answer. One answer, beside the way used last; and it
// sends no passkey-only or social-only shopper to a password they do not have.
describe('/login says a passkey refusal once', () => {
  const UNKNOWN = 'Dieser Passkey gehört zu keinem Kundenkonto. Bitte melden Sie sich auf andere Weise an.';
  const unknownPasskey = (): IdentityProvider => ({
    ...createFakeProvider(),
    passkeyLogin: async () => ({ errorCode: 403042, errorDetails: ErrorDetails.PASSKEY_UNKNOWN }),
  });

  it("the e-mail field's autofill, then the widget's button: one message, under the widget", async () => {
    mockAutofill = true;
    await openApp('/login', { identity: unknownPasskey() });
    const first = await screen.findByText(UNKNOWN, undefined, { timeout: 5000 });
    expect(widget()).not.toContainElement(first);

    await userEvent.click(within(widget()).getByRole('button', { name: 'Mit Passkey anmelden' }));
    await waitFor(() => expect(within(widget()).getByText(UNKNOWN)).toBeInTheDocument());
    expect(screen.getAllByText(UNKNOWN)).toHaveLength(1);
  }, 15_000);

  it("the widget's button, then the autofill's word is gone too once the password form is sent", async () => {
    await openApp('/login', { identity: unknownPasskey() });
    await userEvent.click(await screen.findByRole('button', { name: 'Mit Passkey anmelden' }, { timeout: 5000 }));
    expect(widget()).toContainElement(await screen.findByText(UNKNOWN));
    await logIn();
    await waitFor(() => expect(screen.queryByText(UNKNOWN)).not.toBeInTheDocument());
  }, 15_000);
});
