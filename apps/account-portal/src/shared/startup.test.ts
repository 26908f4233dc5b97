import { applyStartupParameters, readRegSource, REG_SOURCE_KEY } from './startup';

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
