import { isAccountPortalPage, isSameSitePath, returnPath } from './navigation';

describe('same-site paths', () => {
  it.each([
    ['/addresses', true],
    ['/x?y=1', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['https://evil.example/', false],
    ['javascript:alert(1)', false],
    // The browser drops tabs and line breaks before it reads a URL: each of these is //evil.example.
    ['/\t/evil.example', false],
    ['/\n/evil.example/', false],
    ['/\r/evil.example', false],
    ['/%09/evil.example', true], // an escaped tab stays a path segment
    ['/\\\\evil.example', false],
    [null, false],
  ])('%s → %s', (value, expected) => expect(isSameSitePath(value)).toBe(expected));

  it('returns to the protected page the login was asked for, else to /', () => {
    expect(returnPath({ from: { pathname: '/addresses', search: '?a=1', hash: '' } })).toBe('/addresses?a=1');
    expect(returnPath({ from: { pathname: '/logout', search: '', hash: '' } })).toBe('/');
    expect(returnPath(null)).toBe('/');
  });
});

describe('isAccountPortalPage', () => {
  it.each([
    ['/personaldata', true],
    ['/addresses?from=tile#top', true],
    ['/error/500', true],
    ['/', true],
    // The preference centre shares the site but is another app; other hosts and schemes are not pages of it.
    ['/preferences', false],
    ['/preferences/token/abc', false],
    ['/nowhere', false],
    ['//evil.example/personaldata', false],
    ['https://shop.example.com/konto', false],
    ['javascript:alert(1)', false],
  ])('%s → %s', (url, expected) => expect(isAccountPortalPage(url)).toBe(expected));
});
