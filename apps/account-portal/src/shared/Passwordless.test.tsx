import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testMetadata } from '@portal/cms/testing';
import { ErrorCode, ErrorDetails, PASSKEY_METHODS, type IdentityProvider } from '@portal/identity';
import { createFakeProvider } from '@portal/identity/testing';
import { forgetLanguage } from '@portal/ui/testing';
import { jsonResponse, openApp, stubBackend } from '../testing/render-app';
import { windowWidth } from '../testing/window-width';
import { PASSWORDLESS_MIN_WIDTH } from './wide-screen';

const EMAIL = 'kunde@example.com';
const PASSWORD = 'Geheim12!';
const accepted = { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } };

/**
 * The vendor's widget script, scripted: @ownid/react talks to it through `window.ownid(command, config)` (and adds
 * the CDN script only when there is none). Records every command; `config(command)` is what the page gave it.
 */
function scriptedOwnIdWidget() {
  const commands: { command: string; config: Record<string, unknown> }[] = [];
  window.ownid = Object.assign((command: string, config: Record<string, unknown>) => {
    commands.push({ command, config });
    return Promise.resolve({ error: null, data: null });
  }, {});
  return {
    commands,
    config: (command: string) => commands.filter((c) => c.command === command).at(-1)?.config,
  };
}

/** The vendor adapter has no passkey methods: the fake without them plays it. */
function vendorLike(fake: IdentityProvider): IdentityProvider {
  const copy: Partial<IdentityProvider> = { ...fake };
  for (const method of PASSKEY_METHODS) delete copy[method];
  return copy as IdentityProvider;
}

const ownIdMetadata = testMetadata({ identity: { provider: 'cdc', socialProviders: ['apple', 'googleplus', 'facebook'] }, ownId: { environment: 'uat', application: 'app-123' } });

beforeEach(() => {
  forgetLanguage();
  delete (window as { ownid?: unknown }).ownid;
  document.head.querySelectorAll('script[src*="ownid"]').forEach((s) => s.remove());
});

describe('the passwordless widget (spec 000 §2)', () => {
  it('offers passkeys on /login from 1024 pixels', async () => {
    windowWidth(PASSWORDLESS_MIN_WIDTH);
    await openApp('/login');
    expect(await screen.findByRole('button', { name: 'Mit Passkey anmelden' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Ohne Passwort' })).toBeInTheDocument();
  });

  it('offers passkeys on /registration from 1024 pixels', async () => {
    windowWidth(PASSWORDLESS_MIN_WIDTH);
    await openApp('/registration');
    expect(await screen.findByRole('button', { name: 'Mit Passkey registrieren' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows no passkey widget below 1024 pixels', async () => {
    windowWidth(PASSWORDLESS_MIN_WIDTH - 1);
    await openApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Anmelden' });
    expect(screen.queryByRole('button', { name: 'Mit Passkey anmelden' })).not.toBeInTheDocument();
  });

  it('with the vendor adapter and metadata ownId: loads the OwnID widget with application and environment, integrated with the SDK', async () => {
    windowWidth(1280);
    const widget = scriptedOwnIdWidget();
    await openApp('/login', { identity: vendorLike(createFakeProvider()), metadata: ownIdMetadata });
    await waitFor(() => expect(widget.commands.map((c) => c.command)).toContain('login'));
    expect(widget.commands.find((c) => c.command === 'init')?.config).toMatchObject({ appId: 'app-123', env: 'uat', sdk: 'gigya' });
    await waitFor(() => expect(widget.config('login')).toBeDefined());
    const login = widget.config('login')!;
    expect(login.loginIdField).toBe(screen.getByLabelText(/E-Mail-Adresse/));
    expect(screen.queryByRole('button', { name: 'Mit Passkey anmelden' })).not.toBeInTheDocument();
  });

  it('a login through the OwnID widget that leaves the account incomplete goes to finalize (origin ownIdLogin)', async () => {
    windowWidth(1280);
    const widget = scriptedOwnIdWidget();
    const fake = createFakeProvider({ accounts: [{ email: EMAIL, password: PASSWORD, preferences: accepted }] });
    // What the vendor's SDK answers when the provider stops the login: 206001 with a regToken.
    const stopped = await fake.login({ loginID: EMAIL, password: PASSWORD });
    expect(stopped.errorCode).toBe(206001);
    await openApp('/login', { identity: vendorLike(fake), metadata: ownIdMetadata });
    await waitFor(() => expect(widget.config('login')).toBeDefined());
    (widget.config('login')!.onLogin as (payload: unknown) => void)(stopped);
    // Finalize from a login origin asks for the missing names (a registration origin would say so otherwise).
    expect(await screen.findByRole('textbox', { name: /Vorname/ }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('a login through the OwnID widget of an account whose e-mail is not confirmed shows the resend panel, for its regToken (206002)', async () => {
    windowWidth(1280);
    const widget = scriptedOwnIdWidget();
    const fake = createFakeProvider({ accounts: [{ email: EMAIL, password: PASSWORD, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' }, verified: false }] });
    // What the vendor's SDK answers when the provider stops the login: 206002 with the pending account's regToken.
    const stopped = await fake.login({ loginID: EMAIL, password: PASSWORD });
    expect(stopped).toMatchObject({ errorCode: ErrorCode.PENDING_VERIFICATION, regToken: expect.any(String) });
    await openApp('/login', { identity: vendorLike(fake), metadata: ownIdMetadata });
    await waitFor(() => expect(widget.config('login')).toBeDefined());
    act(() => (widget.config('login')!.onLogin as (payload: unknown) => void)(stopped));
    expect(await screen.findByRole('heading', { level: 2, name: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }));
    expect(await screen.findByText('Wir haben Ihnen eine neue Bestätigungs-E-Mail geschickt.')).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.method === 'resendVerificationCode')).toMatchObject([{ params: { regToken: stopped.regToken } }]);
   }, 15_000);

  it('a login through the OwnID widget answered 400006 REGISTRATION_UNVERIFIED shows the resend panel, for the address in its login ID field', async () => {
    windowWidth(1280);
    const widget = scriptedOwnIdWidget();
    await openApp('/login', { identity: vendorLike(createFakeProvider()), metadata: ownIdMetadata });
    const calls = stubBackend((url) => (url.includes('/rest/v1/account/registration/verification-email') ? jsonResponse(201) : undefined));
    await waitFor(() => expect(widget.config('login')).toBeDefined());
    await userEvent.type(screen.getByLabelText(/E-Mail-Adresse/), EMAIL);
    act(() => (widget.config('login')!.onLogin as (payload: unknown) => void)({ errorCode: ErrorCode.INVALID_PARAMETER, errorDetails: ErrorDetails.REGISTRATION_UNVERIFIED }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }));
    expect(await screen.findByText('Wir haben Ihnen eine neue Bestätigungs-E-Mail geschickt.')).toBeInTheDocument();
    expect(calls[0]!.init).toMatchObject({ method: 'PUT', body: `email=${encodeURIComponent(EMAIL)}&lang=de-DE` });
   }, 15_000);

  it('without the widget script yet, loads it from the vendor CDN with the application id and environment', async () => {
    windowWidth(1280);
    await openApp('/login', { identity: vendorLike(createFakeProvider()), metadata: ownIdMetadata });
    await waitFor(() => expect(document.head.querySelector('script[src="https://cdn.uat.ownid.com/sdk/app-123"]')).not.toBeNull());
  });

  it('shows no OwnID widget below 1024 pixels, and none without an application', async () => {
    windowWidth(1023);
    const widget = scriptedOwnIdWidget();
    await openApp('/login', { identity: vendorLike(createFakeProvider()), metadata: ownIdMetadata });
    await screen.findByRole('heading', { level: 1, name: 'Anmelden' });
    windowWidth(1280);
    await openApp('/login', { identity: vendorLike(createFakeProvider()), metadata: testMetadata({ identity: { provider: 'cdc', socialProviders: ['apple', 'googleplus', 'facebook'] } }) });
    await screen.findByRole('heading', { level: 1, name: 'Anmelden' });
    expect(widget.commands).toEqual([]);
  });

  it('puts the OwnID widget into the registration form and sends what it made with the registration', async () => {
    windowWidth(1280);
    const widget = scriptedOwnIdWidget();
    await openApp('/registration', { identity: vendorLike(createFakeProvider()), metadata: ownIdMetadata });
    await waitFor(() => expect(widget.config('register')).toBeDefined());
    const register = widget.config('register')!;
    expect(register.loginIdField).toBe(screen.getByLabelText(/E-Mail-Adresse/));
    expect(register.passwordField).toBe(screen.getByLabelText(/^Passwort/));
  });
});
