import { screen, waitFor } from '@testing-library/react';
import { createFakeProvider } from '@portal/identity/testing';
import { forgetLanguage } from '@portal/ui/testing';
import { openApp } from '../../../testing/render-app';
import { logoutTarget } from './LogoutPage';

beforeEach(forgetLanguage);

describe('logout redirect rules', () => {
  const partners = [{ id: 'fotoservice', name: 'Fotoservice', postLogoutRedirectUris: ['https://foto.example/'] }];
  it.each([
    [null, { path: '/login' }],
    ['/registration', { path: '/registration' }],
    ['https://evil.example/', { path: '/login' }],
    ['//evil.example', { path: '/login' }],
    ['/\\evil.example', { path: '/login' }],
    ['https://foto.example/', { address: 'https://foto.example/' }],
    ['https://foto.example/other', { path: '/login' }],
    ['https://foto.example', { path: '/login' }],
  ])('redirect=%s → %o', (redirect, target) => expect(logoutTarget(redirect, partners)).toEqual(target));
});

describe('/logout', () => {
  const accepted = { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } };

  it('logs out and goes to /login', async () => {
    const identity = createFakeProvider({ accounts: [{ email: 'k@example.com', password: 'Geheim12!', preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }] });
    await identity.login({ loginID: 'k@example.com', password: 'Geheim12!' });
    await openApp('/logout', { identity });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(identity.calls.map((c) => c.method)).toContain('logout'));
    expect((await identity.getAccountInfo()).errorCode).toBe(403005);
  });

  // Spec 000 §8: "Logout failure is only logged". An answer with an error code is a failure as much as a rejection
  // (spec 000 audit: only a rejection was logged). The code alone: the answer may name the account.
  it('a logout answered with an error code is logged with its code, and goes on to /login', async () => {
    const fake = createFakeProvider();
    const identity = { ...fake, logout: async () => ({ errorCode: 500001, errorMessage: 'General Server Error', callId: 'c1' }) };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await openApp('/logout', { identity });
      expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
      expect(warn).toHaveBeenCalledWith('logout failed', 500001);
    } finally {
      warn.mockRestore();
    }
  });

  it('goes to a same-site redirect parameter', async () => {
    await openApp('/logout?redirect=/registration');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrieren' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
