import { screen, within } from '@testing-library/react';
import { createFakeProvider } from '@portal/identity/testing';
import { testContent } from '@portal/cms/testing';
import { forgetLanguage } from '@portal/ui/testing';
import { openApp } from '../../../testing/render-app';

beforeEach(forgetLanguage);

const accepted = { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } };

async function loggedIn() {
  const identity = createFakeProvider({
    accounts: [{ email: 'k@example.com', password: 'Geheim12!', preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }],
  });
  await identity.login({ loginID: 'k@example.com', password: 'Geheim12!' });
  return identity;
}

describe('/ (account page)', () => {
  it('welcomes by name and shows the account link tiles, services, logout and the shell', async () => {
    const content = testContent({
      components: {
        accountPage: { accountLinks: [{ id: 'addresses', url: '/addresses', label: 'Adresse', description: 'Ihre Adresse' }] },
        SsoClientsOverview: { items: [{ id: 'photo', image: '/x.svg', buttonlabel: 'Zum Fotoservice', label: 'Fotoservice', description: 'Fotos', url: 'https://photo.example.com/' }] },
      },
    });
    await openApp('/', { identity: await loggedIn(), content: { de_DE: content } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Adresse' })).toBeInTheDocument();
    expect(screen.getByText('Ihre Adresse')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Online-Services' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Fotoservice' })).toHaveAttribute('href', 'https://photo.example.com/');
    expect(screen.getAllByRole('link', { name: 'Abmelden' })).toHaveLength(2);
    const menu = screen.getByRole('navigation', { name: 'Kontomenü' });
    expect(within(menu).getByRole('link', { name: 'Anmeldedaten' })).toHaveAttribute('href', '/accessdata');
    expect(within(menu).getByRole('link', { name: 'Adresse' })).toHaveAttribute('href', '/addresses');
    expect(within(menu).getByRole('link', { name: 'Abmelden' })).toHaveAttribute('href', '/logout');
    expect(screen.getByRole('link', { name: 'Startseite' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeInTheDocument();
  });

  it('sends a logged-out visitor to /login', async () => {
    await openApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
