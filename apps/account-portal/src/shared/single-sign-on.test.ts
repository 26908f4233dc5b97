import {
  afterLoginPath,
  clearSsoTokenOnError,
  partnerContinueURL,
  PARTNER_TOKEN_KEY,
  PARTNER_TOKEN_LIFETIME_MS,
  readToken,
  rememberHandOver,
  SIGN_IN_PARTNER_KEY,
  ssoSessionType,
  SSO_TOKEN_KEY,
  storePartnerToken,
  storeSsoToken,
  partnerSignInWaiting,
  takePartnerToken,
} from './single-sign-on';

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

function fakeStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), removeItem: (key: string) => void items.delete(key) };
}

describe('stored tokens (spec 000 §3, §4, §9)', () => {
  it('keeps the partner token 15 minutes (900000 ms) and removes it when expired', () => {
    const now = 1_000_000;
    storePartnerToken('req-1', now);
    expect(JSON.parse(window.localStorage.getItem(PARTNER_TOKEN_KEY)!)).toEqual({ token: 'req-1', expires: now + 900_000 });
    expect(PARTNER_TOKEN_LIFETIME_MS).toBe(900_000);
    expect(readToken(PARTNER_TOKEN_KEY, now + 899_999)?.token).toBe('req-1');
    expect(readToken(PARTNER_TOKEN_KEY, now + 900_000)).toBeUndefined();
    expect(window.localStorage.getItem(PARTNER_TOKEN_KEY)).toBeNull();
  });

  it('answers a partner token once', () => {
    storePartnerToken('req-2');
    expect(takePartnerToken()).toBe('req-2');
    expect(takePartnerToken()).toBeUndefined();
  });

  it('answers each tab the partner sign-in it was opened for, and leaves the other tab its own (QA)', () => {
    const first = fakeStorage();
    const second = fakeStorage();
    storePartnerToken('fotoservice', 0, window.localStorage, first);
    storePartnerToken('rezepte', 0, window.localStorage, second);
    expect(takePartnerToken(1, window.localStorage, first)).toBe('fotoservice');
    expect(partnerSignInWaiting(1, window.localStorage, second)).toBe(true);
    expect(takePartnerToken(1, window.localStorage, second)).toBe('rezepte');
    expect(window.localStorage.getItem(PARTNER_TOKEN_KEY)).toBeNull();
    // A tab opened without a request of its own (the login in a new tab) takes the one in local storage.
    storePartnerToken('fotoservice', 0, window.localStorage, first);
    expect(takePartnerToken(1, window.localStorage, fakeStorage())).toBe('fotoservice');
    expect(partnerSignInWaiting(1, window.localStorage, fakeStorage())).toBe(false);
  });

  it('removes unreadable records', () => {
    window.localStorage.setItem(SSO_TOKEN_KEY, '{broken');
    expect(readToken(SSO_TOKEN_KEY)).toBeUndefined();
    expect(window.localStorage.getItem(SSO_TOKEN_KEY)).toBeNull();
  });

  it("clears the sso token on 'invalid_token' / 'invalid sso token' only", () => {
    storeSsoToken('sso', Date.now() + 60_000);
    expect(clearSsoTokenOnError({ error: 'invalid_token', error_description: 'something else' })).toBe(false);
    expect(readToken(SSO_TOKEN_KEY)?.token).toBe('sso');
    expect(clearSsoTokenOnError({ error: 'invalid_token', error_description: 'invalid sso token' })).toBe(true);
    expect(readToken(SSO_TOKEN_KEY)).toBeUndefined();
  });

  it("drops the stored sso token when the URL hands back 'invalid_token' / 'invalid sso token'", () => {
    storeSsoToken('sso', Date.now() + 60_000);
    rememberHandOver('?error=invalid_token&error_description=invalid+sso+token');
    expect(readToken(SSO_TOKEN_KEY)).toBeUndefined();
  });

  it('remembers what the URL hands over', () => {
    rememberHandOver('?oidcRequest=abc&ssoToken=def', 5);
    expect(readToken(PARTNER_TOKEN_KEY, 6)).toEqual({ token: 'abc', expires: 5 + 900_000 });
    expect(readToken(SSO_TOKEN_KEY, 6)?.token).toBe('def');
  });

  // The request's id tells nothing once it expired: the expired sign-in's page finds the partner here (QA journeys
  // round, 2026-11-30).
  it("keeps for the tab the partner a sign-in request names, until another's", () => {
    rememberHandOver('?oidcRequest=abc&partner=fotoservice');
    expect(window.sessionStorage.getItem(SIGN_IN_PARTNER_KEY)).toBe('fotoservice');
    rememberHandOver('?oidcRequest=abc');
    expect(window.sessionStorage.getItem(SIGN_IN_PARTNER_KEY)).toBe('fotoservice');
    rememberHandOver('?oidcRequest=xyz&partner=rezepte');
    expect(window.sessionStorage.getItem(SIGN_IN_PARTNER_KEY)).toBe('rezepte');
    expect(window.localStorage.getItem(SIGN_IN_PARTNER_KEY)).toBeNull();
  });
});

describe('session type (spec 000 §4)', () => {
  it('is WebSDKSSo with an sso token in the URL or storage', () => {
    expect(ssoSessionType('?ssoToken=x')).toBe('WebSDKSSo');
    storeSsoToken('y', Date.now() + 1000);
    expect(ssoSessionType('')).toBe('WebSDKSSo');
  });
  it('is OIDC with a live partner token or the OIDC script loaded', () => {
    expect(ssoSessionType('', Date.now(), { oidcScriptLoaded: true })).toBe('OIDC');
    storePartnerToken('p', 0);
    expect(ssoSessionType('', PARTNER_TOKEN_LIFETIME_MS - 1)).toBe('OIDC');
    expect(ssoSessionType('', PARTNER_TOKEN_LIFETIME_MS)).toBe('NONE');
  });
  it('is NONE otherwise', () => expect(ssoSessionType('')).toBe('NONE'));
});

describe('where a login goes (spec 000 §4)', () => {
  it('hands a waiting sign-in back to the partner, else goes to the fallback', () => {
    expect(afterLoginPath('/addresses')).toBe('/addresses');
    storePartnerToken('p');
    expect(afterLoginPath('/addresses', '?oidcRequest=p')).toBe('/login/redirect?mode=afterConsent&skipConsent=true');
  });
  // QA: the partner's login left open 16 minutes went to the account page, and the partner never heard back.
  it("goes to the expired sign-in's page when the address's sign-in request is no longer kept", () => {
    storePartnerToken('p', 0);
    expect(afterLoginPath('/', '?oidcRequest=p&partner=fotoservice')).toBe('/error/sso-expired');
    expect(afterLoginPath('/', '?partner=fotoservice')).toBe('/');
  });
});

describe('the partner sign-in', () => {
  it('continues a sign-in at the service', () => expect(partnerContinueURL('a b')).toBe('/oidc/continue?id=a%20b'));
});
