import { waitFor } from '@testing-library/react';
import { createScriptedGigya } from '../testing';
import type { LoginEvent } from '../types';
import { cdcOidcScriptUrl, cdcScriptUrl, createCdcProvider, loadCdcOidcScript } from './cdc';

type GigyaWindow = Window & { gigya?: unknown; onGigyaServiceReady?: unknown };

afterEach(() => {
  delete (window as GigyaWindow).gigya;
  delete (window as GigyaWindow).onGigyaServiceReady;
});

describe('cdc adapter', () => {
  it('loads the SDK once from the data centre with api key and language, then calls through it', async () => {
    const scripted = createScriptedGigya({
      login: (params) => ({ errorCode: 0, UID: 'u1', params }),
      getSchema: () => ({ errorCode: 0, profileSchema: { fields: {} } }),
    });
    const loadScript = jest.fn(async () => {
      (window as GigyaWindow).gigya = scripted.gigya;
      ((window as GigyaWindow).onGigyaServiceReady as () => void)();
    });
    const provider = createCdcProvider({ apiKey: 'KEY', dataCenter: 'us1', language: 'de', loadScript });
    const [login, schema] = await Promise.all([
      provider.login({ loginID: 'a@example.org', password: 'pw' }),
      provider.getSchema(),
    ]);
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(loadScript).toHaveBeenCalledWith('https://cdns.us1.gigya.com/js/gigya.js?apikey=KEY&lang=de');
    expect(login).toMatchObject({ errorCode: 0, UID: 'u1' });
    expect(schema.profileSchema).toEqual({ fields: {} });
    expect(scripted.calls.map((c) => c.method)).toEqual(['login', 'getSchema']);
    // Spec 000 §7: every login says the app handles the interruptions (206001, 206002) itself.
    expect(scripted.calls[0]?.params).toEqual({ loginID: 'a@example.org', password: 'pw', ignoreInterruptions: false });
  });

  it("hands setAccountInfo the page's language without its country, as the vendor keys its consents", async () => {
    const scripted = createScriptedGigya();
    (window as GigyaWindow).gigya = scripted.gigya;
    const provider = createCdcProvider({ apiKey: 'KEY', language: 'nl', loadScript: jest.fn() });
    await provider.setAccountInfo({ regToken: 'rt', lang: 'nl-BE', subscriptions: {} });
    await provider.setAccountInfo({ regToken: 'rt', data: {} });
    expect(scripted.calls.map((c) => c.params)).toEqual([
      { regToken: 'rt', lang: 'nl', subscriptions: {} },
      { regToken: 'rt', data: {} },
    ]);
  });

  it("hands register and resetPassword the page's language without its country: the vendor takes languages (QA)", async () => {
    const scripted = createScriptedGigya();
    (window as GigyaWindow).gigya = scripted.gigya;
    const provider = createCdcProvider({ apiKey: 'KEY', language: 'fr', loadScript: jest.fn() });
    await provider.register({ email: 'a@example.org', password: 'pw', regToken: 'rt', lang: 'fr-LU' });
    await provider.resetPassword({ loginID: 'a@example.org', lang: 'nl-BE' });
    await provider.resetPassword({ passwordResetToken: 't', newPassword: 'n' });
    expect(scripted.calls.map((c) => c.params)).toEqual([
      { email: 'a@example.org', password: 'pw', regToken: 'rt', lang: 'fr' },
      { loginID: 'a@example.org', lang: 'nl' },
      { passwordResetToken: 't', newPassword: 'n' },
    ]);
  });

  it('defaults to the eu1 data centre', () => {
    expect(cdcScriptUrl({ apiKey: 'K y', language: 'fr' })).toBe('https://cdns.eu1.gigya.com/js/gigya.js?apikey=K+y&lang=fr');
  });

  it("loads China's scripts from the vendor's China domain, not gigya.com", () => {
    expect(cdcScriptUrl({ apiKey: 'K', dataCenter: 'cn1', language: 'zh' })).toBe('https://cdns.cn1.gigya-api.cn/js/gigya.js?apikey=K&lang=zh');
    expect(cdcOidcScriptUrl({ apiKey: 'K', dataCenter: 'cn1' })).toBe('https://cdns.cn1.gigya-api.cn/js/gigya.oidc.js?apiKey=K');
    expect(cdcScriptUrl({ apiKey: 'K', dataCenter: 'au1', language: 'en' })).toBe('https://cdns.au1.gigya.com/js/gigya.js?apikey=K&lang=en');
  });

  it('resolves provider errors with the envelope', async () => {
    const scripted = createScriptedGigya({ login: () => ({ errorCode: 403120, errorMessage: 'Account temporarily locked out' }) });
    (window as GigyaWindow).gigya = scripted.gigya;
    const provider = createCdcProvider({ apiKey: 'KEY', language: 'de', loadScript: jest.fn() });
    await expect(provider.login({ loginID: 'a', password: 'b' })).resolves.toMatchObject({ errorCode: 403120 });
  });

  it('rejects with a transport error when the script cannot load, and tries again on the next call', async () => {
    const loadScript = jest.fn().mockRejectedValueOnce(new Error('blocked')).mockImplementationOnce(async () => {
      (window as GigyaWindow).gigya = createScriptedGigya().gigya;
    });
    const provider = createCdcProvider({ apiKey: 'KEY', language: 'de', loadScript });
    await expect(provider.getPolicies()).rejects.toMatchObject({ name: 'IdentityTransportError', code: 'script-load' });
    await expect(provider.getPolicies()).resolves.toEqual({ errorCode: 0 });
    expect(loadScript).toHaveBeenCalledTimes(2);
  });

  it('passes the SDK login and logout events on in the contract shape, in their order', async () => {
    const scripted = createScriptedGigya({ getAccountInfo: () => ({ errorCode: 0, UID: 'u1', profile: { email: 'a@example.org' } }) });
    (window as GigyaWindow).gigya = scripted.gigya;
    const provider = createCdcProvider({ apiKey: 'KEY', language: 'de', loadScript: jest.fn() });
    const seen: string[] = [];
    const logins: LoginEvent[] = [];
    provider.onLogin((e) => {
      logins.push(e);
      seen.push('login');
    });
    provider.onLogout(() => seen.push('logout'));
    await provider.getPolicies();
    scripted.fireLogin({ eventName: 'login', loginMode: 'standard', remember: false, UID: 'u1', provider: 'googleplus', profile: { email: 'a@example.org' }, newUser: true });
    scripted.fireLogout();
    await waitFor(() => expect(seen).toEqual(['login', 'logout']));
    expect(logins).toEqual([
      { eventName: 'login', UID: 'u1', provider: 'googleplus', profile: { email: 'a@example.org' }, data: undefined, preferences: undefined, subscriptions: undefined, newUser: true },
    ]);
  });

  // The vendor's onLogin carries no preferences or subscriptions (accounts.addEventHandlers JS); the contract's
  // event does, as the http adapter's (QA round of 2026-11-29).
  it("completes the SDK's login event with the account's preferences and subscriptions", async () => {
    const preferences = { terms: { customeraccount: { isConsentGranted: true, docVersion: 2 } } };
    const subscriptions = { NLTDE: { email: { isSubscribed: true } } };
    const scripted = createScriptedGigya({
      getAccountInfo: () => ({ errorCode: 0, UID: 'u1', profile: { email: 'a@example.org', firstName: 'Erika' }, data: { salutation: 'mrs' }, preferences, subscriptions }),
    });
    (window as GigyaWindow).gigya = scripted.gigya;
    const provider = createCdcProvider({ apiKey: 'KEY', language: 'de', loadScript: jest.fn() });
    const logins: LoginEvent[] = [];
    provider.onLogin((e) => logins.push(e));
    await provider.getPolicies();
    scripted.fireLogin({ eventName: 'login', loginMode: 'standard', remember: false, UID: 'u1', provider: 'site', profile: { email: 'a@example.org' }, newUser: false });
    await waitFor(() => expect(logins).toHaveLength(1));
    expect(logins[0]).toEqual({
      eventName: 'login',
      UID: 'u1',
      provider: 'site',
      profile: { email: 'a@example.org', firstName: 'Erika' },
      data: { salutation: 'mrs' },
      preferences,
      subscriptions,
      newUser: false,
    });
    expect(scripted.calls.at(-1)).toEqual({ method: 'getAccountInfo', params: { include: 'profile,data,preferences,subscriptions' } });
  });

  it("passes the SDK's login event on as it came when the account cannot be read", async () => {
    const scripted = createScriptedGigya({ getAccountInfo: () => ({ errorCode: 500001, errorMessage: 'General Server Error' }) });
    (window as GigyaWindow).gigya = scripted.gigya;
    const provider = createCdcProvider({ apiKey: 'KEY', language: 'de', loadScript: jest.fn() });
    const logins: LoginEvent[] = [];
    provider.onLogin((e) => logins.push(e));
    await provider.getPolicies();
    scripted.fireLogin({ eventName: 'login', loginMode: 'standard', remember: false, UID: 'u1', provider: 'site', profile: { email: 'a@example.org' }, newUser: false });
    await waitFor(() => expect(logins).toHaveLength(1));
    expect(logins[0]).toMatchObject({ UID: 'u1', profile: { email: 'a@example.org' }, preferences: undefined, subscriptions: undefined });
  });

  it('assembles the data download from getAccountInfo and offers no self-service deletion', async () => {
    const scripted = createScriptedGigya({
      getAccountInfo: () => ({
        errorCode: 0,
        UID: 'u1',
        profile: { email: 'a@example.org', firstName: 'Erika' },
        data: { salutation: 'mrs' },
        preferences: { terms: { customeraccount: { isConsentGranted: true, docVersion: 2 } } },
        subscriptions: {},
        socialProviders: 'site,googleplus',
      }),
    });
    (window as GigyaWindow).gigya = scripted.gigya;
    const provider = createCdcProvider({ apiKey: 'KEY', language: 'de', loadScript: jest.fn() });
    const answer = await provider.exportAccountData!();
    expect(answer).toMatchObject({
      errorCode: 0,
      account: { UID: 'u1', email: 'a@example.org', data: { salutation: 'mrs' }, loginProviders: ['site', 'googleplus'] },
    });
    expect(scripted.calls[0]).toEqual({
      method: 'getAccountInfo',
      params: { include: 'profile,data,preferences,subscriptions,loginIDs,emails', extraProfileFields: 'phones' },
    });
    expect(provider.deleteAccount).toBeUndefined();
  });
});

describe('the session as an id_token (for the service acting for the logged-in shopper)', () => {
  it("answers the SDK's getJWT, and nothing when nobody is logged in", async () => {
    let loggedIn = true;
    const scripted = createScriptedGigya({
      getJWT: () => (loggedIn ? { errorCode: 0, id_token: 'header.claims.signature' } : { errorCode: 403005, errorMessage: 'Unauthorized user' }),
    });
    (window as GigyaWindow).gigya = scripted.gigya;
    const provider = createCdcProvider({ apiKey: 'KEY', language: 'de', loadScript: jest.fn() });
    await expect(provider.getJWT!()).resolves.toMatchObject({ errorCode: 0, id_token: 'header.claims.signature' });
    loggedIn = false;
    await expect(provider.getJWT!()).resolves.toMatchObject({ errorCode: 403005 });
    expect(scripted.calls.map((c) => c.method)).toEqual(['getJWT', 'getJWT']);
  });
});

describe("the vendor's OIDC proxy script (spec 000 §7: loaded with the api key)", () => {
  it('loads the Web SDK, then gigya.oidc.js with the api key and the portal pages as its settings', async () => {
    const scripted = createScriptedGigya();
    const loaded: { src: string; text?: string }[] = [];
    const loadScript = jest.fn(async (src: string, text?: string) => {
      loaded.push({ src, text });
      (window as GigyaWindow).gigya = scripted.gigya;
    });
    await loadCdcOidcScript({ apiKey: 'SSO KEY', dataCenter: 'us1', language: 'de', loginURL: '/login', consentURL: '/login/consent', errorURL: '/error/oidc', loadScript });
    expect(loaded).toEqual([
      { src: 'https://cdns.us1.gigya.com/js/gigya.js?apikey=SSO+KEY&lang=de', text: undefined },
      { src: 'https://cdns.us1.gigya.com/js/gigya.oidc.js?apiKey=SSO+KEY', text: JSON.stringify({ loginURL: '/login', consentURL: '/login/consent', errorURL: '/error/oidc' }) },
    ]);
  });

  it('reuses a Web SDK that is already there', async () => {
    (window as GigyaWindow).gigya = createScriptedGigya().gigya;
    const loadScript = jest.fn(async () => undefined);
    await loadCdcOidcScript({ apiKey: 'K', language: 'de', loginURL: '/login', loadScript });
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(loadScript).toHaveBeenCalledWith(cdcOidcScriptUrl({ apiKey: 'K' }), JSON.stringify({ loginURL: '/login' }));
  });

  it('answers a transport error when the script cannot load', async () => {
    const loadScript = jest.fn(async () => {
      throw new Error('blocked');
    });
    await expect(loadCdcOidcScript({ apiKey: 'K', language: 'de', loginURL: '/login', loadScript })).rejects.toMatchObject({ name: 'IdentityTransportError', code: 'script-load' });
  });
});
