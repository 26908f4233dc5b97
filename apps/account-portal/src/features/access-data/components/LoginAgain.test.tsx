import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Durations } from '@portal/identity-contract';
import { ErrorCode, ErrorDetails, type IdentityProvider } from '@portal/identity';
import { createFakeProvider, MINUTE } from '@portal/identity/testing';
import { forgetLanguage } from '@portal/ui/testing';
import { openApp } from '../../../testing/render-app';

beforeEach(forgetLanguage);

const EMAIL = 'k@example.com';
const PASSWORD = 'Geheim12!';
const accepted = { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } };

/** A session whose login is older than the recent-login window. */
async function oldSession() {
  const identity = createFakeProvider({ accounts: [{ email: EMAIL, password: PASSWORD, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }] });
  await identity.login({ loginID: EMAIL, password: PASSWORD });
  identity.clock.advance(Durations.recentLogin + MINUTE);
  return identity;
}

/**
 * The step that replaces a form takes the focus; what the focus lands on says why it is there, so a screen reader
 * hears the reason with it (WCAG 4.1.3), not only "Log in again" or "Current password".
 */
describe('the recent-login steps of /accessdata, as a screen reader hears them', () => {
  it('"log in again" is described by why the shopper has to', async () => {
    const identity = await oldSession();
    const passwordless: IdentityProvider = {
      ...identity,
      getPasskeys: async () => ({ errorCode: 0, passkeys: [], hasPassword: false }),
      setAccountInfo: async () => ({ errorCode: ErrorCode.INVALID_LOGIN, errorDetails: ErrorDetails.RECENT_LOGIN_REQUIRED, statusCode: 403 }),
    };
    await openApp('/accessdata', { identity: passwordless });
    const section = await screen.findByRole('region', { name: 'Passwort festlegen' }, { timeout: 5000 });
    const [fresh, retype] = [...section.querySelectorAll('input')] as HTMLInputElement[];
    await userEvent.type(fresh!, 'Neues-Pass12!');
    await userEvent.type(retype!, 'Neues-Pass12!');
    await userEvent.click(within(section).getByRole('button', { name: 'Passwort festlegen' }));
    const again = await within(section).findByRole('button', { name: 'Erneut anmelden' });
    expect(again).toHaveFocus();
    expect(again).toHaveAccessibleDescription(/nur kurz nach einer Anmeldung möglich/);
  });

  it('the password asked before a passkey is added is described by why it is asked', async () => {
    await openApp('/accessdata', { identity: await oldSession() });
    const section = await screen.findByRole('region', { name: 'Passkeys' }, { timeout: 5000 });
    await userEvent.click(await within(section).findByRole('button', { name: 'Passkey hinzufügen' }));
    const password = await within(section).findByLabelText(/^Aktuelles Passwort/);
    expect(password).toHaveFocus();
    expect(password).toHaveAccessibleDescription(/Bitte bestätigen Sie Ihr aktuelles Passwort, bevor Sie einen Passkey hinzufügen/);
    // A wrong password: the description keeps the reason and adds the error.
    await userEvent.type(password, 'Falsch12!');
    await userEvent.click(within(section).getByRole('button', { name: 'Bestätigen und Passkey hinzufügen' }));
    expect(await within(section).findByText('Ihr Passwort ist nicht korrekt. Bitte geben Sie Ihr aktuelles Passwort ein.')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(/bevor Sie einen Passkey hinzufügen.*Ihr Passwort ist nicht korrekt/);
  }, 20_000);
});
