import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IdentityProvider } from '@portal/identity';
import { createFakeProvider } from '@portal/identity/testing';
import { forgetLanguage } from '@portal/ui/testing';
import { openApp } from '../testing/render-app';

const EMAIL = 'k@example.com';
const PASSWORD = 'Geheim12!';
const accepted = { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } };

beforeEach(forgetLanguage);

/** A logged-in shopper; `end()` ends the session at the service unseen by the page, as a logout in another tab does. */
async function loggedIn() {
  const fake = createFakeProvider({ accounts: [{ email: EMAIL, password: PASSWORD, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }] });
  await fake.login({ loginID: EMAIL, password: PASSWORD });
  let ended = false;
  const identity: IdentityProvider = {
    ...fake,
    getAccountInfo: async (params) => (ended ? { errorCode: 403005, errorMessage: 'Unauthorized user', statusCode: 403 } : fake.getAccountInfo(params)),
  };
  return { identity, fake, end: () => (ended = true) };
}

/** The browser puts the page into its back/forward cache and later brings it back. */
function leave() {
  act(() => {
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
  });
}
function comeBack() {
  act(() => {
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  });
}

async function openPersonalData(identity: IdentityProvider) {
  await openApp('/personaldata', { identity });
  expect(await screen.findByRole('heading', { level: 1, name: 'Persönliche Daten' }, { timeout: 5000 })).toBeInTheDocument();
  return screen.findByRole('textbox', { name: /Nachname/ });
}

describe('an account page brought back by the back button (back/forward cache)', () => {
  it('shows nothing of an ended session and goes to the login (QA: logout typed in the tab, then Back)', async () => {
    const { identity, end } = await loggedIn();
    await openPersonalData(identity);
    leave();
    end();
    comeBack();
    // Hidden from the moment it is back, before the service has answered.
    expect(screen.queryByRole('heading', { level: 1, name: 'Persönliche Daten' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Nachname/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Muster')).not.toBeInTheDocument();
  });

  it('shows the page again as it was left while the session goes on, without reading the account again', async () => {
    const { identity, fake } = await loggedIn();
    const lastName = await openPersonalData(identity);
    await userEvent.clear(lastName);
    await userEvent.type(lastName, 'Mustermann');
    leave();
    expect(screen.queryByRole('textbox', { name: /Nachname/ })).not.toBeInTheDocument();
    const before = fake.calls.length;
    comeBack();
    expect(await screen.findByRole('textbox', { name: /Nachname/ })).toHaveValue('Mustermann');
    expect(screen.getByRole('heading', { level: 1, name: 'Persönliche Daten' })).toBeInTheDocument();
    // One bare look-up (the account store's refresh would have reset the form).
    expect(fake.calls.slice(before).map((call) => [call.method, call.params])).toEqual([['getAccountInfo', {}]]);
  });

  it('another account logged in meanwhile: the page goes to the login, showing neither account (spec 000 §6)', async () => {
    const { identity, fake } = await loggedIn();
    // The fake's ids are counted: Max comes second, so his differs from Erika's.
    const other = createFakeProvider({
      accounts: [
        { email: EMAIL, password: PASSWORD, preferences: accepted },
        { email: 'max@example.com', password: PASSWORD, preferences: accepted, profile: { firstName: 'Max', lastName: 'Mann' } },
      ],
    });
    await other.login({ loginID: 'max@example.com', password: PASSWORD });
    let switched = false;
    await openPersonalData({ ...identity, getAccountInfo: (params) => (switched ? other : fake).getAccountInfo(params) });
    leave();
    switched = true;
    comeBack();
    // The page acts for the account it shows only (a save would go into the other one): the login, as for an ended session.
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Mann')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('Muster')).not.toBeInTheDocument();
  }, 20_000);

  it('a page the browser did not keep (not persisted) is left alone', async () => {
    const { identity, fake } = await loggedIn();
    await openPersonalData(identity);
    const before = fake.calls.length;
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    });
    expect(screen.getByRole('textbox', { name: /Nachname/ })).toBeInTheDocument();
    expect(fake.calls.length).toBe(before);
  });
});

describe('a move to another account page', () => {
  const addressesLink = () => screen.getByRole('link', { name: 'Adresse' });

  it('goes to the login when the session has ended elsewhere (QA: the password changed on another device)', async () => {
    const { identity, end } = await loggedIn();
    await openPersonalData(identity);
    end();
    await act(() => userEvent.click(addressesLink()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Muster')).not.toBeInTheDocument();
  }, 20_000);

  it('asks the service once and shows the page while the session goes on', async () => {
    const { identity, fake } = await loggedIn();
    await openPersonalData(identity);
    const before = fake.calls.length;
    await act(() => userEvent.click(addressesLink()));
    expect(await screen.findByRole('heading', { level: 1, name: /Adresse/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(fake.calls.slice(before).filter((call) => call.method === 'getAccountInfo' && Object.keys(call.params ?? {}).length === 0)).toHaveLength(1);
  });
});
