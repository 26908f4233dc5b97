import { act, fireEvent, screen } from '@testing-library/react';
import { forgetLanguage } from '@portal/ui/testing';
import { openApp } from '../testing/render-app';

// The German texts of the pages after the first do not arrive while this is false, as with the connection gone.
let mockTextsArrive = true;
let mockTextsAsked = 0;
jest.mock('../locales/pages/de.json', () => {
  mockTextsAsked++;
  if (!mockTextsArrive) throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/de-x.js');
  return jest.requireActual('../locales/pages/de.json');
});

beforeEach(forgetLanguage);

/** A click that opens another page: awaited in act, so that the page waiting for its texts shows once they are in. */
async function click(element: HTMLElement) {
  await act(async () => void fireEvent.click(element));
}

describe('the texts of the pages after the first (PageTexts)', () => {
  it('that did not load for lack of a connection load when the shopper comes back to the page (QA)', async () => {
    // React reports the failed load on the console.
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // Offline: the browser says so (online, the same failure is the service down).
    const offline = jest.spyOn(navigator, 'onLine', 'get');
    try {
      await openApp('/login');
      expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();

      mockTextsArrive = false;
      offline.mockReturnValue(false);
      await click(screen.getByRole('link', { name: 'Registrieren' }));
      expect(await screen.findByText('Keine Verbindung zum Internet. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.')).toBeInTheDocument();
      // Asked for once: the render React makes once more before the error page shows does not ask again.
      expect(mockTextsAsked).toBe(1);

      // The connection is back; the shopper goes back to the login and opens the registration again.
      mockTextsArrive = true;
      offline.mockReturnValue(true);
      await click(screen.getByRole('button', { name: 'Zurück' }));
      await click(await screen.findByRole('link', { name: 'Registrieren' }));
      expect(await screen.findByRole('button', { name: 'Jetzt registrieren' })).toBeInTheDocument();
      expect(screen.queryByText(/Keine Verbindung zum Internet/)).not.toBeInTheDocument();
      expect(mockTextsAsked).toBe(2);
    } finally {
      offline.mockRestore();
      log.mockRestore();
    }
  }, 20_000);
});
