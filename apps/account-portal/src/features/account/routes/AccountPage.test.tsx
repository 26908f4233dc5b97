import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testContent, testMetadata } from '@portal/cms/testing';
import { ErrorCode, type IdentityProvider } from '@portal/identity';
import { createFakeProvider, type FakeIdentityProvider } from '@portal/identity/testing';
import { forgetLanguage } from '@portal/ui/testing';
import { getI18n } from 'react-i18next';
import { addMessages } from '@portal/i18n';
import { preloadAccountScreen } from '../../../app/account-area';
import { loadProfileMessages } from '../../../shared/profile-texts';
import { loadSignInMessages } from '../../../app/messages';
import { preloadPage } from '../../../app/routes';
import { openApp } from '../../../testing/render-app';
import { setFlash } from '../../../shared/flash';
import { cameFromPartner } from '../components/AccountShell';
import { tileImageSources } from '../components/AccountTiles';
import { exportDay, exportDocument } from '../api/export-account-data';

beforeEach(() => {
  forgetLanguage();
  window.sessionStorage.clear();
});

const accepted = { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } };
const PASSWORD = 'Geheim12!';

/** jsdom's Blob has no text(); FileReader reads it. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

async function loggedIn() {
  const identity = createFakeProvider({
    accounts: [{ email: 'k@example.com', password: PASSWORD, preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }],
  });
  await identity.login({ loginID: 'k@example.com', password: PASSWORD });
  return identity;
}

/**
 * The fake plus the optional own-data methods, as the embedded provider offers them. A deletion ends the account's
 * sessions without a logout event, as the service's does (the fake's disabling does the same to the session).
 */
function withOwnData(fake: FakeIdentityProvider, deleteAnswer = { errorCode: 0 }): IdentityProvider & { deleted: string[] } {
  const deleted: string[] = [];
  return {
    ...fake,
    deleted,
    exportAccountData: async () => ({ errorCode: 0, exportedAt: '2026-11-23T10:00:00.000Z', account: { UID: 'u1', email: 'k@example.com', profile: { firstName: 'Erika' } } }),
    deleteAccount: async ({ password }) => {
      if (password !== PASSWORD) return { errorCode: ErrorCode.INVALID_LOGIN, validationErrors: [{ fieldName: 'password', errorCode: ErrorCode.INVALID_LOGIN, message: 'x' }] };
      deleted.push(password);
      if (deleteAnswer.errorCode === 0) fake.disableAccount('k@example.com');
      return deleteAnswer;
    },
  };
}

/** Opens / with the own-data methods and deletes the account there; answers the fake under them. */
async function deleteOwnAccount() {
  const fake = await loggedIn();
  await openApp('/', { identity: withOwnData(fake) });
  await userEvent.click(await screen.findByRole('button', { name: 'Kundenkonto löschen …' }, { timeout: 5000 }));
  await userEvent.type(screen.getByLabelText(/^Aktuelles Passwort/), PASSWORD);
  await userEvent.click(screen.getByRole('button', { name: 'Kundenkonto endgültig löschen' }));
  expect(await screen.findByRole('heading', { level: 1, name: /Ihr Kundenkonto wurde gelöscht/ })).toHaveFocus();
  return fake;
}

describe('/ (account page)', () => {
  it('welcomes by name and shows the account link tiles with pictures, services, logout and the shell', async () => {
    const content = testContent({
      components: {
        accountPage: {
          accountLinks: [{ id: 'addresses', url: '/addresses', label: 'Adresse', description: 'Ihre Adresse', image: { src: '/img/address-{width}.jpg', alt: '' } }],
        },
        SsoClientsOverview: { items: [{ id: 'photo', image: '/x.svg', buttonlabel: 'Zum Fotoservice', label: 'Fotoservice', description: 'Fotos', url: 'https://photo.example.com/' }] },
      },
    });
    const { container } = await openApp('/', { identity: await loggedIn(), content: { de_DE: content } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Adresse' })).toBeInTheDocument();
    expect(screen.getByText('Ihre Adresse')).toBeInTheDocument();
    const picture = container.querySelector('img.tile__image');
    expect(picture).toHaveAttribute('srcset', '/img/address-768.jpg 768w, /img/address-1024.jpg 1024w, /img/address-1817.jpg 1817w');
    expect(picture).toHaveAttribute('src', '/img/address-1024.jpg');
    expect(screen.getByRole('heading', { level: 2, name: 'Online-Services' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Fotoservice' })).toHaveAttribute('href', 'https://photo.example.com/');
    expect(screen.getAllByRole('link', { name: 'Abmelden' })).toHaveLength(2);
    const menu = screen.getByRole('navigation', { name: 'Kontomenü' });
    expect(within(menu).getByRole('link', { name: 'Anmeldedaten' })).toHaveAttribute('href', '/accessdata');
    expect(within(menu).getByRole('link', { name: 'Adresse' })).toHaveAttribute('href', '/addresses');
    expect(within(menu).getByRole('link', { name: 'Abmelden' })).toHaveAttribute('href', '/logout');
    expect(screen.getByRole('link', { name: 'Startseite' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Brotkrümelnavigation' })).toBeInTheDocument();
    // Nobody came from a partner service here: no way back.
    expect(screen.queryByRole('link', { name: 'Zurück' })).not.toBeInTheDocument();
  });

  it('shows the success a flow left for it, for 10 seconds', async () => {
    setFlash('ap.addresses.saved');
    await openApp('/', { identity: await loggedIn() });
    expect(await screen.findByText('Ihre Adresse wurde gespeichert.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('ap.flash')).toBeNull();
    // Read with the heading the focus goes to: a status region that comes with the page is often not (QA).
    expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleDescription('Ihre Adresse wurde gespeichert.');
  });

  it('downloads the own data and deletes the account with the current password', async () => {
    const fake = await loggedIn();
    const identity = withOwnData(fake);
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await openApp('/', { identity });

    await userEvent.click(await screen.findByRole('button', { name: 'Meine Daten herunterladen' }, { timeout: 5000 }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(JSON.parse(await readText(created[0]!))).toMatchObject({ account: { email: 'k@example.com', profile: { firstName: 'Erika' } } });
    click.mockRestore();

    await userEvent.click(screen.getByRole('button', { name: 'Kundenkonto löschen …' }));
    expect(screen.getByRole('button', { name: 'Kundenkonto löschen …' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.type(screen.getByLabelText(/^Aktuelles Passwort/), 'Falsch12!');
    await userEvent.click(screen.getByRole('button', { name: 'Kundenkonto endgültig löschen' }));
    await waitFor(() => expect(screen.getByLabelText(/^Aktuelles Passwort/)).toHaveAccessibleDescription('Ihr Passwort ist nicht korrekt. Bitte geben Sie Ihr aktuelles Passwort ein.'));

    await userEvent.clear(screen.getByLabelText(/^Aktuelles Passwort/));
    await userEvent.type(screen.getByLabelText(/^Aktuelles Passwort/), PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Kundenkonto endgültig löschen' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Ihr Kundenkonto wurde gelöscht/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
    expect(identity.deleted).toEqual([PASSWORD]);
  });

  it.each([
    ['de', 'Meine Daten herunterladen', 'kundenkonto-2026-11-23.json'],
    ['fr', 'Télécharger mes données', 'compte-client-2026-11-23.json'],
  ])("%s: names the downloaded file in the page's language (QA: German in every language)", async (lang, download, expected) => {
    const identity = withOwnData(await loggedIn());
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
    const names: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await openApp(`/?lang=${lang}`, { identity });
    await userEvent.click(await screen.findByRole('button', { name: download }, { timeout: 5000 }));
    await waitFor(() => expect(names).toEqual([expected]));
    click.mockRestore();
  }, 20_000);

  // QA keyboard round, 2026-11-30: the window's focus coming back (the mail app left for the browser, Shift+Tab into
  // the browser's own controls and back) asked whose session it was; the deletion had ended it, and the page went to
  // the login saying the session had expired, to a shopper who has no account to log in to any more.
  it.each([
    ['the window gets the focus back', () => window.dispatchEvent(new FocusEvent('focus'))],
    ['the tab is shown again', () => document.dispatchEvent(new Event('visibilitychange'))],
  ])('keeps the confirmation of the deletion when %s: the session ended by the deletion, not by itself', async (_, comeBack) => {
    const fake = await deleteOwnAccount();
    const lookUps = fake.calls.filter((call) => call.method === 'getAccountInfo').length;
    act(comeBack);
    // The check had answered by now: it takes the fake's answer a few promise turns.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('heading', { level: 1, name: /Ihr Kundenkonto wurde gelöscht/ })).toBeInTheDocument();
    expect(screen.queryByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Anmelden' })).not.toBeInTheDocument();
    // No session to ask about any more: the page does not ask.
    expect(fake.calls.filter((call) => call.method === 'getAccountInfo')).toHaveLength(lookUps);

    // Its way on goes to the login as a logout's does, without the expired session's message. (The pages' code and
    // texts in first: under Jest the click's navigation, a React transition, stayed while they loaded.)
    preloadPage('/logout');
    preloadPage('/login');
    await act(() => addMessages(getI18n(), loadSignInMessages));
    await userEvent.click(screen.getByRole('link', { name: 'Zum Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.')).not.toBeInTheDocument();
  }, 20_000);

  it("confirms the deletion without the account's navigation, as /logout's page shows without it (QA)", async () => {
    const fake = await deleteOwnAccount();
    expect(screen.queryByRole('navigation', { name: 'Kontomenü' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Brotkrümelnavigation' })).not.toBeInTheDocument();
    for (const name of ['Anmeldedaten', 'Adresse', 'Abmelden', 'Startseite']) expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toContain('/login');
    // The logout's page confirms it, the page's state logged out as by a logout.
    expect(fake.calls.map((call) => call.method)).toContain('logout');
  }, 20_000);

  it('offers neither download nor deletion where the provider has no such methods', async () => {
    await openApp('/', { identity: await loggedIn() });
    await screen.findByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Meine Daten herunterladen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Kundenkonto löschen/ })).not.toBeInTheDocument();
  });

  it('sends a logged-out visitor to /login', async () => {
    await openApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('account shell', () => {
  it('offers the way back only to visitors from a configured partner', () => {
    const partners = testMetadata().backButtonReferrers;
    expect(cameFromPartner('https://photo.example.com/de-de/album/4', partners)).toBe(true);
    expect(cameFromPartner('https://travel.example.com/', partners)).toBe(true);
    expect(cameFromPartner('https://evil.example.com/photo.example.com', partners)).toBe(false);
    expect(cameFromPartner('http://photo.example.com/', partners)).toBe(false);
    expect(cameFromPartner('', partners)).toBe(false);
    expect(cameFromPartner('https://www.example.com/reisen/weiter', ['https://www.example.com/reisen/'])).toBe(true);
    expect(cameFromPartner('https://www.example.com/shop', ['https://www.example.com/reisen/'])).toBe(false);
  });

  it("takes the focus from the menu's link to the heading of the page it opens, not on the app's first page (QA)", async () => {
    await openApp('/accessdata', { identity: await loggedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmeldedaten' }, { timeout: 5000 })).toBeInTheDocument();
    expect(document.body).toHaveFocus();
    // The page's code and texts in first: under Jest the click's navigation (a React transition) stayed while they loaded.
    await preloadAccountScreen('/addresses');
    await addMessages(getI18n(), loadProfileMessages);
    const link = within(screen.getByRole('navigation', { name: 'Kontomenü' })).getByRole('link', { name: 'Adresse' });
    await userEvent.click(link);
    expect(link).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Adresse' })).toHaveFocus());
  });

  it('shows the back link to the partner the visitor came from', async () => {
    Object.defineProperty(document, 'referrer', { value: 'https://photo.example.com/de-de/', configurable: true });
    try {
      await openApp('/', { identity: await loggedIn() });
      expect(await screen.findByRole('link', { name: 'Zurück' }, { timeout: 5000 })).toHaveAttribute('href', 'https://photo.example.com/de-de/');
    } finally {
      Object.defineProperty(document, 'referrer', { value: '', configurable: true });
    }
  });
});

describe('tile pictures and the export file', () => {
  it('builds the responsive sources from a {width} address, and leaves others alone', () => {
    expect(tileImageSources('/images/tile.svg')).toEqual({ src: '/images/tile.svg' });
    expect(tileImageSources('https://cdn.example.com/t.jpg?w={width}').srcSet).toBe(
      'https://cdn.example.com/t.jpg?w=768 768w, https://cdn.example.com/t.jpg?w=1024 1024w, https://cdn.example.com/t.jpg?w=1817 1817w',
    );
  });

  it('names the file after the day of the export', () => {
    expect(exportDay('2026-11-23T10:00:00.000Z')).toBe('2026-11-23');
    expect(exportDay(undefined, new Date('2026-12-14T23:00:00Z'))).toBe('2026-12-14');
  });

  it('writes everything the provider exported into the file: product reminders, partners, security events (QA)', () => {
    const exported = {
      exportedAt: '2026-11-23T10:00:00.000Z',
      account: { UID: 'u1', profile: { email: 'k@example.com' } },
      productReminders: [{ variantId: 'V1', variantName: { de: 'Milch' }, status: 'active' }],
      partners: [{ id: 'shop', name: 'Shop', firstSignIn: '2026-11-01T08:00:00.000Z', lastSignIn: '2026-11-20T08:00:00.000Z' }],
      securityEvents: [{ event: 'login.succeeded', at: '2026-11-23T09:00:00.000Z', clientAddress: '203.0.113.7', detail: '' }],
    };
    const answer = { errorCode: 0, callId: 'c1', statusCode: 200, ...exported } as unknown as Parameters<typeof exportDocument>[0];
    expect(JSON.parse(exportDocument(answer))).toEqual(exported);
  });
});

