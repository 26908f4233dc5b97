import { ACCOUNT_LINKING_REG_TOKEN_KEY, applyStartupParameters, readRegSource, REG_SOURCE_KEY, returnedSocialRegToken, SOCIAL_LOGIN_RETURN_KEY } from './startup';

describe('start-up parameters (spec 000 §2)', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('keeps gig_regSource in session storage', () => {
    expect(applyStartupParameters(new URL('https://portal.test/login?gig_regSource=shop'))).toBeUndefined();
    expect(window.sessionStorage.getItem(REG_SOURCE_KEY)).toBe('shop');
    expect(readRegSource()).toBe('shop');
  });

  it('clears a stored source when the parameter is absent', () => {
    window.sessionStorage.setItem(REG_SOURCE_KEY, 'old');
    applyStartupParameters(new URL('https://portal.test/login'));
    expect(readRegSource()).toBeUndefined();
  });

  it('replaces the URL by /registration when gig_preselectRegistration is true', () => {
    expect(applyStartupParameters(new URL('https://portal.test/login?gig_preselectRegistration=true'))).toBe('/registration');
    expect(applyStartupParameters(new URL('https://portal.test/?gig_preselectRegistration=true&gig_regSource=shop'))).toBe(
      '/registration?gig_regSource=shop',
    );
  });

  it('keeps the URL for any other value of gig_preselectRegistration', () => {
    expect(applyStartupParameters(new URL('https://portal.test/login?gig_preselectRegistration=false'))).toBeUndefined();
  });
});

describe('tokens in the address at start-up (QA: the browser history kept them for the next user)', () => {
  beforeEach(() => window.sessionStorage.clear());

  it("takes a social login's regToken out of the address; the tab that started that login keeps it in memory", () => {
    window.sessionStorage.setItem(SOCIAL_LOGIN_RETURN_KEY, '/');
    expect(applyStartupParameters(new URL('https://portal.test/login?errorCode=206001&provider=googleplus&regToken=st_1#top'))).toBe(
      '/login?errorCode=206001&provider=googleplus#top',
    );
    expect(returnedSocialRegToken()).toBe('st_1');
    // Taken once: the same address opened again in this tab is no return either.
    expect(window.sessionStorage.getItem(SOCIAL_LOGIN_RETURN_KEY)).toBeNull();
  });

  it('a regToken no social login of this tab asked for (an address from the history) is no return at all', () => {
    expect(applyStartupParameters(new URL('https://portal.test/login?errorCode=206001&provider=googleplus&regToken=st_2'))).toBe('/login?provider=googleplus');
    expect(returnedSocialRegToken()).toBeUndefined();
  });

  it('keeps the address of a return without a regToken', () => {
    window.sessionStorage.setItem(SOCIAL_LOGIN_RETURN_KEY, '/accessdata');
    expect(applyStartupParameters(new URL('https://portal.test/login?errorCode=0&provider=googleplus'))).toBeUndefined();
    expect(window.sessionStorage.getItem(SOCIAL_LOGIN_RETURN_KEY)).toBe('/accessdata');
  });

  it('the link token waits for the link page only: the app started on any other page ends the linking', () => {
    window.sessionStorage.setItem(ACCOUNT_LINKING_REG_TOKEN_KEY, 'st_3');
    applyStartupParameters(new URL('https://portal.test/social/link-accounts?errorCode=200001&provider=apple'));
    expect(window.sessionStorage.getItem(ACCOUNT_LINKING_REG_TOKEN_KEY)).toBe('st_3');
    applyStartupParameters(new URL('https://portal.test/login'));
    expect(window.sessionStorage.getItem(ACCOUNT_LINKING_REG_TOKEN_KEY)).toBeNull();
  });
});
