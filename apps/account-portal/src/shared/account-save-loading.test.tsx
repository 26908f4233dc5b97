import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testMetadata } from '@portal/cms/testing';
import { createFakeProvider } from '@portal/identity/testing';
import { forgetLanguage } from '@portal/ui/testing';
import { openApp } from '../testing/render-app';

// What a form needs only once it is checked or saved loads then, not with the page (page weight, 2026-11-30): the
// address's rules, the save's call and the check that the session is the page's account. Jest loads each module as
// the page asks for it; these record which have been asked for. The save's call does not arrive while
// mockSaveArrives is false, as with the connection gone.
const mockAsked: string[] = [];
let mockSaveArrives = true;
jest.mock('./shown-account-session', () => {
  mockAsked.push('session check');
  return jest.requireActual('./shown-account-session');
});
jest.mock('./account-save-call', () => {
  if (!mockSaveArrives) throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/account-save-call-x.js');
  mockAsked.push('save');
  return jest.requireActual('./account-save-call');
});
jest.mock('../features/addresses/address-schema', () => {
  mockAsked.push('address rules');
  return jest.requireActual('../features/addresses/address-schema');
});

beforeEach(() => {
  forgetLanguage();
  window.sessionStorage.clear();
});

const EMAIL = 'k@example.com';
const PASSWORD = 'Geheim12!';

async function loggedIn() {
  const identity = createFakeProvider({
    accounts: [
      {
        email: EMAIL,
        password: PASSWORD,
        preferences: { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } },
        profile: { firstName: 'Erika', lastName: 'Muster' },
      },
    ],
  });
  await identity.login({ loginID: EMAIL, password: PASSWORD });
  return identity;
}

// In this order: jest asks for a module once, so each later test finds what the ones before it loaded.
describe('the code of a form that a check or a save needs', () => {
  it('/accessdata opens without the check of the session, which comes with its calls', async () => {
    await openApp('/accessdata', { identity: await loggedIn(), metadata: testMetadata() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmeldedaten' }, { timeout: 5000 })).toBeInTheDocument();
    expect(mockAsked).toEqual([]);
  });

  it('an address page opens without the rules and the save; a save whose code does not load says the connection is missing', async () => {
    const identity = await loggedIn();
    await openApp('/addresses/addaddress', { identity, metadata: testMetadata() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Adresse hinzufügen' }, { timeout: 5000 })).toBeInTheDocument();
    expect(mockAsked).toEqual([]);

    // The first input asks for the rules, the address's own among them.
    const firstName = screen.getByRole('textbox', { name: /Vorname/ });
    await userEvent.type(firstName, 'R2D2');
    await userEvent.tab();
    await waitFor(() => expect(firstName).toHaveAccessibleDescription('Bitte geben Sie einen Vornamen aus Buchstaben ein; Leerzeichen, Bindestriche, Apostrophe, Punkte und Mittelpunkte sind erlaubt.'));
    expect(mockAsked).toEqual(['address rules']);

    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Erika');
    await userEvent.type(screen.getByRole('textbox', { name: /Nachname/ }), 'Muster');
    await userEvent.type(screen.getByRole('textbox', { name: /Straße/ }), 'Hauptstraße');
    await userEvent.type(screen.getByRole('textbox', { name: /Hausnummer/ }), '1');
    await userEvent.type(screen.getByRole('textbox', { name: /Postleitzahl/ }), '10115');
    await userEvent.type(screen.getByRole('textbox', { name: /Ort/ }), 'Berlin');

    mockSaveArrives = false;
    const offline = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Keine Verbindung zum Internet. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.')).toBeInTheDocument();
    expect(identity.calls.some((call) => call.method === 'setAccountInfo')).toBe(false);

    // The connection is back: the next save loads the code, checks the session and saves.
    mockSaveArrives = true;
    offline.mockRestore();
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Ihre Adresse wurde gespeichert.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(mockAsked).toEqual(['address rules', 'save', 'session check']);
    expect(identity.account(EMAIL)!.data?.addressBook).toEqual([expect.objectContaining({ street: 'Hauptstraße', city: 'Berlin' })]);
  }, 20_000);
});
