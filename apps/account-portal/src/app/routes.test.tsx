import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Links, type IdentityProvider } from '@portal/identity';
import { createFakeProvider } from '@portal/identity/testing';
import { forgetLanguage, renderPage } from '@portal/ui/testing';
import { jsonResponse, openApp } from '../testing/render-app';
import { loadMessages } from './messages';
import { AppRoutes } from './routes';

beforeEach(forgetLanguage);

const open = (path: string) => renderPage(<AppRoutes />, { path, messages: loadMessages });

describe('account portal routes', () => {
  it('offers registration on an expired confirmation link', async () => {
    await open('/error/doi-403002');
    expect(await screen.findByRole('heading', { level: 1, name: 'Der Bestätigungslink ist abgelaufen.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jetzt registrieren' })).toHaveAttribute('href', '/registration');
    expect(screen.queryByRole('link', { name: 'Zum Login' })).not.toBeInTheDocument();
    // The expired link's picture (spec 000 §8), where the portal's expired links land.
    expect(screen.getByRole('img', { name: 'Abgelaufener Link' })).toBeInTheDocument();
  });

  // QA operator round, 2026-11-30: a confirmation link of an account an operator blocked is held, not spent.
  it('says that the account of a confirmation link is blocked, and that the link works once the block is lifted', async () => {
    await open('/error/doi-403041');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihr Kundenkonto ist gesperrt.' })).toBeInTheDocument();
    expect(screen.getByText(/erst wieder verwendet werden, wenn die Sperre aufgehoben ist/)).toBeInTheDocument();
    expect(screen.queryByText(/Fehlercode/)).not.toBeInTheDocument();
  });

  it('offers login on any other error, with the fallback texts', async () => {
    await open('/error/500123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Es ist ein unerwarteter Fehler aufgetreten.' })).toBeInTheDocument();
    expect(screen.getByText('Fehlercode: 500123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
  });

  // QA: /error/Ihr%20Konto%20wurde%20gesperrt.%20Rufen%20Sie%20sofort%200800-123456%20an put that text into the
  // retailer's page as "Fehlercode: …".
  it('names no code that is not one: text in the address is not shown', async () => {
    await open(`/error/${encodeURIComponent('Ihr Konto wurde gesperrt. Rufen Sie sofort 0800-123456 an')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Es ist ein unerwarteter Fehler aufgetreten.' })).toBeInTheDocument();
    expect(screen.queryByText(/0800|gesperrt|Fehlercode/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
  });

  it("says an e-mail change's expired link changed nothing, and offers the login", async () => {
    await open('/error/email-change-expired');
    expect(await screen.findByRole('heading', { level: 1, name: 'Der Bestätigungslink ist abgelaufen.' })).toBeInTheDocument();
    expect(screen.getByText(/Ihre E-Mail-Adresse wurde nicht geändert/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
  });

  // QA wording round, 2026-11-30: the link of an e-mail change a newer change ended said "ungültig … bereits verwendet",
  // where a newsletter's replaced link says a newer one was sent (services/api identityapi.ReplacedEmailChangePage).
  it("says an e-mail change's link that a newer change ended was replaced by a newer link, and offers the login", async () => {
    await open('/error/email-change-replaced');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inzwischen wurde ein neuerer Bestätigungslink verschickt.' })).toBeInTheDocument();
    // It says so also once the newer link changed the address (QA round of 2026-12-01), which the text allows for.
    expect(screen.getByText(/Dieser Link ändert Ihre E-Mail-Adresse deshalb nicht mehr.*Haben Sie die Änderung damit schon bestätigt, ist Ihre E-Mail-Adresse bereits geändert/)).toBeInTheDocument();
    expect(screen.queryByText(/ungültig|bereits verwendet|Fehlercode/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
  });

  // A later QA round of 2026-12-01: the link of an e-mail change that a password change or reset ended said "ungültig …
  // bereits verwendet", though it was never used (services/api identityapi.EndedEmailChangePage).
  it("says an e-mail change's link that a new password ended was ended for the shopper's security, and offers the login", async () => {
    await open('/error/email-change-ended');
    expect(await screen.findByRole('heading', { level: 1, name: 'Die Änderung Ihrer E-Mail-Adresse wurde abgebrochen.' })).toBeInTheDocument();
    expect(screen.getByText(/Passwort inzwischen geändert oder zurückgesetzt.*Sicherheit.*„Anmeldedaten“ erneut/)).toBeInTheDocument();
    expect(screen.queryByText(/ungültig|bereits verwendet|neuerer|Fehlercode/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
  });

  // A later QA round of 2026-12-01: the link of an e-mail change whose new address was registered meanwhile (a
  // registration not confirmed yet is enough) said "Es ist ein unerwarteter Fehler aufgetreten. Fehlercode: doi-400003",
  // not that the address stayed as it was (services/api identityapi.InUseEmailChangePage). Its way on is another
  // address: the login data page, through the login for a shopper who is logged out.
  describe('the page of an e-mail change whose new address was taken meanwhile', () => {
    const email = 'anna@example.com';
    const password = 'Geheim12!';
    const preferences = { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } };
    const identity = () => createFakeProvider({ accounts: [{ email, password, preferences, profile: { firstName: 'Anna', lastName: 'Muster' } }] });
    const headline = 'Die neue E-Mail-Adresse ist inzwischen vergeben.';
    const links = () => within(screen.getByRole('main')).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);

    it('says the address belongs to another account or registration and was not changed; the login leads to the login data', async () => {
      await openApp('/error/email-change-in-use', { identity: identity() });
      expect(await screen.findByRole('heading', { level: 1, name: headline })).toBeInTheDocument();
      expect(screen.getByText(/anderes Kundenkonto angelegt oder eine Registrierung begonnen.*Ihre E-Mail-Adresse wurde deshalb nicht geändert.*„Anmeldedaten“/)).toBeInTheDocument();
      expect(screen.queryByText(/unerwarteter Fehler|Fehlercode/)).not.toBeInTheDocument();
      expect(links()).toEqual([['Zum Login', '/login']]);
      await userEvent.click(screen.getByRole('link', { name: 'Zum Login' }));
      await userEvent.type(await screen.findByLabelText(/E-Mail-Adresse/), email);
      await userEvent.type(screen.getByLabelText(/^Passwort/), password);
      await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Anmeldedaten' }, { timeout: 5000 })).toBeInTheDocument();
    }, 15_000);

    it('leads a shopper who is logged in to the login data', async () => {
      const provider = identity();
      await provider.login({ loginID: email, password });
      await openApp('/error/email-change-in-use', { identity: provider });
      expect(await screen.findByRole('heading', { level: 1, name: headline }, { timeout: 5000 })).toBeInTheDocument();
      expect(links()).toEqual([['Andere E-Mail-Adresse angeben', '/accessdata']]);
    }, 15_000);
  });

  it('shows the not-found page with home and back for unknown paths', async () => {
    await open('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeInTheDocument();
  });

  it('shows the session-expired message with a login link', async () => {
    await open('/session-expired');
    expect(await screen.findByText(/Ihre Sitzung ist abgelaufen/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
  });

  describe('/double-opt-in-done', () => {
    it('shows the success for code 0', async () => {
      await open('/double-opt-in-done?errorCode=0');
      expect(await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestätigung!' })).toBeInTheDocument();
      expect(screen.getByText('Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.')).toBeInTheDocument();
    });

    // QA round of 2026-12-01: a confirmed e-mail change said the registration's "Sie können sich jetzt anmelden", not
    // that the login is the new address now. The vendor's links bring only the code, and keep the text above.
    it("says that the address was changed and the login is the new one for an e-mail change's link", async () => {
      await open('/double-opt-in-done?errorCode=0&emailChanged=true');
      expect(await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestätigung!' })).toBeInTheDocument();
      expect(screen.getByText('Ihre E-Mail-Adresse wurde geändert. Bitte melden Sie sich ab jetzt mit der neuen E-Mail-Adresse an.')).toBeInTheDocument();
      expect(screen.queryByText(/Sie können sich jetzt anmelden/)).not.toBeInTheDocument();
    });

    it("says it in the page's language", async () => {
      await open('/double-opt-in-done?errorCode=0&emailChanged=true&lang=en-GB');
      expect(await screen.findByText('Your e-mail address has been changed. From now on, please log in with your new e-mail address.')).toBeInTheDocument();
    });

    it('goes to the error page doi-{code} for any other code', async () => {
      await open('/double-opt-in-done?errorCode=403002');
      expect(await screen.findByRole('heading', { level: 1, name: 'Der Bestätigungslink ist abgelaufen.' })).toBeInTheDocument();
    });

    it('names no code for text given as one (QA: it went on to /error/doi-{text} and showed it)', async () => {
      await open(`/double-opt-in-done?errorCode=${encodeURIComponent('Konto gesperrt, rufen Sie 0800 an')}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Es ist ein unerwarteter Fehler aufgetreten.' })).toBeInTheDocument();
      expect(screen.queryByText(/0800|gesperrt|Fehlercode/)).not.toBeInTheDocument();
    });

    it('goes home without a code, which sends a logged-out visitor on to the login', async () => {
      await open('/double-opt-in-done');
      expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeInTheDocument();
    });

    // QA: the tab that followed the link of an e-mail change, logged in, still showed the account ("Zum Login" led to
    // "Willkommen, …" with the old data) after the confirmation had ended every session, until its first save.
    it('confirms an e-mail change in the tab that is logged in: the change ends the session, and "Zum Login" shows the login (spec 000 §4)', async () => {
      const preferences = { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } };
      const identity = createFakeProvider({ accounts: [{ email: 'anna@example.com', password: 'Geheim12!', preferences, profile: { firstName: 'Anna-Lena', lastName: 'Muster' } }] });
      await identity.login({ loginID: 'anna@example.com', password: 'Geheim12!' });
      await identity.setAccountInfo({ profile: { email: 'anna.neu@example.com' }, password: 'Geheim12!' });
      const link = identity.lastMail('anna.neu@example.com', 'verification')!.link;
      const token = new URL(link).searchParams.get(Links.verifyEmail.tokenParam)!;
      // In the browser the account's look-up starts with the app, before the page's code is in: it finds the session
      // still there, and the page's POST (which follows the link) comes after it.
      let lookedUp: () => void;
      const firstLookUp = new Promise<void>((resolve) => (lookedUp = resolve));
      const provider: IdentityProvider = { ...identity, getAccountInfo: (params) => identity.getAccountInfo(params).finally(() => lookedUp()) };
      const rest = (url: string, init?: RequestInit) =>
        url === Links.verifyEmail.path && init?.method === 'POST' ? firstLookUp.then(() => jsonResponse(200, { next: identity.openLink(link) })) : undefined;
      await openApp(`/double-opt-in-done#verify=${token}`, { identity: provider, rest });
      expect(await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestätigung!' }, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.getByText(/Ihre E-Mail-Adresse wurde geändert\. Bitte melden Sie sich ab jetzt mit der neuen E-Mail-Adresse an\./)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('link', { name: 'Zum Login' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
      // The shopper's own change ended the session, not the idle time.
      expect(screen.queryByText(/Ihre Sitzung ist abgelaufen/)).not.toBeInTheDocument();
    }, 15_000);
  });
});
