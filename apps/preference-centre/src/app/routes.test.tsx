import { screen } from '@testing-library/react';
import type { PreferenceCentreContent } from '@portal/cms';
import { testContent, testMetadata } from '@portal/cms/testing';
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

  it('thanks for a confirmed newsletter by its name, and without one when the content does not name it', async () => {
    const preferenceCentre: PreferenceCentreContent = {
      subscribeAgainUrl: 'https://example.com/newsletter',
      tabs: [],
      newsletters: { NLT_GENERAL: { name: 'Allgemeiner Newsletter', icon: '/images/newsletter-general.svg', descriptions: { short: 'Jede Woche.' } } },
    };
    const content = { de_DE: testContent({ preferenceCentre }) };
    const first = await renderPage(<AppRoutes />, { messages: loadMessages, path: '/preferences/double-opt-in-done?newsletter=NLT_GENERAL', content });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmeldung bestätigt!' })).toBeInTheDocument();
    expect(screen.getByText('Sie erhalten ab jetzt unseren Newsletter „Allgemeiner Newsletter“.')).toBeInTheDocument();
    first.unmount();
    await renderPage(<AppRoutes />, { messages: loadMessages, path: '/preferences/double-opt-in-done?newsletter=NLT_UNKNOWN', content });
    expect(await screen.findByText('Sie erhalten ab jetzt unseren Newsletter.')).toBeInTheDocument();
  });

  it('confirms the unsubscribe and offers to subscribe again', async () => {
    await renderPage(<AppRoutes />, { messages: loadMessages, path: '/unsubscribe-success' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sie wurden erfolgreich abgemeldet.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Erneut anmelden' })).toBeInTheDocument();
  });

  it('an errorCode other than 0 is that error, not a success', async () => {
    await renderPage(<AppRoutes />, { messages: loadMessages, path: '/preferences/double-opt-in-done?errorCode=403002' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Der Bestätigungslink ist abgelaufen.' })).toBeInTheDocument();
    // The centre's words: a subscriber of a newsletter has no registration to redo.
    expect(screen.getByText(/Bitte wählen Sie den Newsletter im Präferenzcenter erneut aus/)).toBeInTheDocument();
  });

  it('a used confirmation link says the subscription may be confirmed already, not to log in', async () => {
    await renderPage(<AppRoutes />, { messages: loadMessages, path: '/preferences/error/doi-404000' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Der Bestätigungslink ist ungültig.' })).toBeInTheDocument();
    expect(screen.getByText(/Dann ist Ihre Anmeldung schon bestätigt/)).toBeInTheDocument();
  });

  it('a link of a newsletter unsubscribed since says so, and how to have it after all (QA)', async () => {
    await renderPage(<AppRoutes />, { messages: loadMessages, path: '/preferences/error/doi-unsubscribed' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sie haben diesen Newsletter inzwischen abbestellt.' })).toBeInTheDocument();
    expect(screen.getByText(/wählen Sie ihn im Präferenzcenter erneut aus/)).toBeInTheDocument();
  });

  it('a used or orphaned product reminder link speaks of the reminder, not of a subscription (QA)', async () => {
    await renderPage(<AppRoutes />, { messages: loadMessages, path: '/preferences/error/reminder-404000' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dieser Link zur Produkterinnerung gilt nicht mehr.' })).toBeInTheDocument();
    expect(screen.getByText(/Dann ist Ihre Erinnerung schon aktiv/)).toBeInTheDocument();
    // A pending reminder mailed again has a newer link (QA).
    expect(screen.getByText(/einen neueren Link geschickt/)).toBeInTheDocument();
  });

  it('an expired product reminder link says the reminder is not active and how to get a new link, with the expired-link picture (QA centre round)', async () => {
    await renderPage(<AppRoutes />, { messages: loadMessages, path: '/preferences/error/reminder-403002' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dieser Link zur Produkterinnerung ist abgelaufen.' })).toBeInTheDocument();
    expect(screen.getByText(/legen Sie sie im Onlineshop beim Produkt einfach noch einmal an/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Abgelaufener Link' })).toBeInTheDocument();
  });

  it('a product reminder link the service could not carry out says the link stays valid, not that the network failed (QA round of 2026-11-29)', async () => {
    await renderPage(<AppRoutes />, { messages: loadMessages, path: '/preferences/error/reminder-500001' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Produkterinnerung konnte gerade nicht aktiviert werden.' })).toBeInTheDocument();
    expect(screen.getByText(/Er bleibt gültig/)).toBeInTheDocument();
  });

  it('a link a newer request replaced says a newer link waits, not that it may be confirmed (QA security round of 2026-11-29)', async () => {
    await renderPage(<AppRoutes />, { messages: loadMessages, path: '/preferences/error/doi-replaced' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inzwischen wurde ein neuerer Bestätigungslink verschickt.' })).toBeInTheDocument();
    expect(screen.getByText(/Bitte verwenden Sie den Link aus der neuesten Bestätigungs-E-Mail/)).toBeInTheDocument();
  });

  // The title went to `/`, the account portal's start, and on to its login, which a recipient of the centre's mails
  // does not have (QA spec audit, 2026-11-30). The content's header.homeUrl is the account portal's (one CMS document).
  it.each(['/unsubscribe-success', '/preferences/error/preferences.loading', '/preferences/double-opt-in-done'])(
    "%s: the title leads to the centre's start, not to the account portal",
    async (path) => {
      await renderPage(<AppRoutes />, { messages: loadMessages, path });
      expect(await screen.findByRole('link', { name: /Präferenzcenter/ })).toHaveAttribute('href', '/preferences/');
    },
  );

  it('shows the error page outside /preferences too', async () => {
    await renderPage(<AppRoutes />, { messages: loadMessages, path: '/error/doi-expired' });
    expect(await screen.findByRole('img', { name: 'Abgelaufener Link' })).toBeInTheDocument();
  });
});
