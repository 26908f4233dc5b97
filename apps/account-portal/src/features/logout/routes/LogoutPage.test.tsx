import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_CHANNEL } from '@portal/identity';
import { createFakeProvider, restoreTabChannels, TabChannel, withTabChannels } from '@portal/identity/testing';
import { forgetLanguage } from '@portal/ui/testing';
import { leaveApp } from '../../../shared/leave-app';
import { jsonResponse, openApp } from '../../../testing/render-app';
import { CONFIRM_LOGOUT_PARAM, logoutTarget } from './LogoutPage';

beforeEach(forgetLanguage);
// The cases with the question load two lazily split pages one after another, on a machine shared by several runs.
jest.setTimeout(20_000);

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

// OpenID Connect RP-Initiated Logout 1.0 §2: a partner's logout the service cannot tell to be the shopper's (no
// id_token_hint, or one of another shopper) MUST ask before it logs out (QA security round, 2026-11-30: a plain link
// to /oidc/end_session from any site logged the shopper out). The service sends it here with the question.
describe('/logout asked by a partner (the service\'s confirm parameter)', () => {
  const accepted = { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } };
  const partners = [{ id: 'fotoservice', name: 'Fotoservice', postLogoutRedirectUris: ['https://foto.example/'] }];
  const rest = (url: string) => (url.endsWith('/oidc/partners') ? jsonResponse(200, partners) : undefined);
  const loggedIn = async () => {
    const identity = createFakeProvider({ accounts: [{ email: 'k@example.com', password: 'Geheim12!', preferences: accepted, profile: { firstName: 'Erika', lastName: 'Muster' } }] });
    await identity.login({ loginID: 'k@example.com', password: 'Geheim12!' });
    return identity;
  };
  const logouts = (identity: ReturnType<typeof createFakeProvider>) => identity.calls.filter((c) => c.method === 'logout').length;

  it('asks, naming the partner; Abmelden logs out and goes on to the partner\'s address', async () => {
    const left: string[] = [];
    const spy = jest.spyOn(leaveApp, 'replaceWith').mockImplementation((url) => void left.push(url));
    try {
      const identity = await loggedIn();
      const back = 'https://foto.example/?state=s1';
      await openApp(`/logout?redirect=${encodeURIComponent(back)}&${CONFIRM_LOGOUT_PARAM}=fotoservice`, { identity, rest });
      const heading = await screen.findByRole('heading', { level: 1, name: 'Möchten Sie sich abmelden?' }, { timeout: 5000 });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(screen.getByText('Fotoservice bittet darum, Sie von Ihrem Kundenkonto abzumelden. Wenn Sie abbrechen, bleiben Sie angemeldet.')).toBeInTheDocument();
      expect(logouts(identity)).toBe(0);
      expect((await identity.getAccountInfo()).errorCode).toBe(0);

      await userEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
      await waitFor(() => expect(left).toEqual([back]));
      expect(logouts(identity)).toBe(1);
      expect((await identity.getAccountInfo()).errorCode).toBe(403005);
    } finally {
      spy.mockRestore();
    }
  });

  it('Abbrechen keeps the session and goes to the start page; a partner it does not know goes unnamed', async () => {
    const identity = await loggedIn();
    await openApp(`/logout?redirect=%2Flogin&${CONFIRM_LOGOUT_PARAM}=`, { identity, rest });
    expect(await screen.findByRole('heading', { level: 1, name: 'Möchten Sie sich abmelden?' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Ein Partnerdienst bittet darum, Sie von Ihrem Kundenkonto abzumelden. Wenn Sie abbrechen, bleiben Sie angemeldet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Abbrechen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen, Erika Muster!' }, { timeout: 5000 })).toBeInTheDocument();
    expect(logouts(identity)).toBe(0);
    expect((await identity.getAccountInfo()).errorCode).toBe(0);
  });

  it('a look-up that fails is no proof that nobody is logged in: it asks', async () => {
    const fake = await loggedIn();
    const identity = { ...fake, getAccountInfo: () => Promise.reject(new TypeError('Failed to fetch')) };
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await openApp(`/logout?redirect=%2Flogin&${CONFIRM_LOGOUT_PARAM}=fotoservice`, { identity, rest });
      expect(await screen.findByRole('heading', { level: 1, name: 'Möchten Sie sich abmelden?' }, { timeout: 5000 })).toBeInTheDocument();
      expect(logouts(fake)).toBe(0);
    } finally {
      error.mockRestore();
    }
  });

  // The service ends the session of a partner's logout with its own shopper's hint and sends the browser on through
  // this page, without the question: the page tells the other tabs that the shopper logs out, which the service's
  // redirect cannot (QA, 2026-12-01: an account page left open said the session had expired), and goes on.
  it("the shopper's own logout at the partner, ended by the service: tells the other tabs, and leaves for the partner in its place", async () => {
    withTabChannels(true);
    const told: unknown[] = [];
    const otherTab = new TabChannel(SESSION_CHANNEL);
    otherTab.addEventListener('message', (event) => told.push((event as MessageEvent).data));
    const left: string[] = [];
    // In its place: Back from the partner's page would return to this hand-over, which goes on to the partner again.
    const spy = jest.spyOn(leaveApp, 'replaceWith').mockImplementation((url) => void left.push(url));
    try {
      const back = 'https://foto.example/?state=s1';
      await openApp(`/logout?redirect=${encodeURIComponent(back)}`, { identity: createFakeProvider(), rest });
      await waitFor(() => expect(left).toEqual([back]));
      expect(told).toEqual(['logout']);
    } finally {
      spy.mockRestore();
      restoreTabChannels();
    }
  });

  it('without a session there is nothing to ask: it goes on as a plain logout does', async () => {
    const identity = createFakeProvider();
    await openApp(`/logout?redirect=%2Flogin&${CONFIRM_LOGOUT_PARAM}=fotoservice`, { identity, rest });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Möchten Sie sich abmelden?' })).not.toBeInTheDocument();
    expect(logouts(identity)).toBe(1);
  });
});
