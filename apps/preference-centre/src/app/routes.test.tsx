import { screen } from '@testing-library/react';
import { testMetadata } from '@portal/cms/testing';
import { forgetLanguage, renderPage } from '@portal/ui/testing';
import { loadMessages } from './messages';
import { AppRoutes } from './routes';

beforeEach(forgetLanguage);

describe('preference centre routes', () => {
  it.each(['/preferences', '/preferences/', '/preferences/anything/else', '/preferences/token/'])(
    '%s goes to /preferences/error/notfound',
    async (path) => {
      await renderPage(<AppRoutes />, { messages: loadMessages, path });
      expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeInTheDocument();
      expect(screen.getByText(/Dieser Link ist nicht \(mehr\) gültig/)).toBeInTheDocument();
    },
  );

  it('goes to notfound when the metadata has no marketing preference centre', async () => {
    await renderPage(<AppRoutes />, { messages: loadMessages, path: '/preferences/token/abc', metadata: testMetadata({ marketingPreferenceCenter: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeInTheDocument();
  });

  it('shows the preferences.loading error page', async () => {
    await renderPage(<AppRoutes />, { messages: loadMessages, path: '/preferences/error/preferences.loading' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Einstellungen konnten nicht geladen werden.' })).toBeInTheDocument();
  });

  it('shows the double opt-in confirmation', async () => {
    await renderPage(<AppRoutes />, { messages: loadMessages, path: '/preferences/double-opt-in-done', browserLanguages: ['en'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reminder active!' })).toBeInTheDocument();
    expect(screen.getByText('You will soon be reminded of the product.')).toBeInTheDocument();
  });

  it('confirms the unsubscribe and offers to subscribe again', async () => {
    await renderPage(<AppRoutes />, { messages: loadMessages, path: '/unsubscribe-success' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sie wurden erfolgreich abgemeldet.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Erneut anmelden' })).toBeInTheDocument();
  });

  it('shows the error page outside /preferences too', async () => {
    await renderPage(<AppRoutes />, { messages: loadMessages, path: '/error/doi-expired' });
    expect(await screen.findByRole('img', { name: 'Abgelaufener Link' })).toBeInTheDocument();
  });
});
