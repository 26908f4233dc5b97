import { detectLanguage, matchLanguage, readRememberedLanguage, rememberLanguage, toLanguageTag, toLocale } from './language';

const available = ['de-DE', 'en-GB', 'fr-FR', 'fr-BE', 'nl-NL'];

describe('toLanguageTag', () => {
  it.each([
    ['de_DE', 'de-DE'],
    ['de-de', 'de-DE'],
    ['FR', 'fr'],
    ['xx-YY-ZZ', undefined],
    ['', undefined],
  ])('%s -> %s', (input, expected) => expect(toLanguageTag(input)).toBe(expected));

  it('turns tags back into locales', () => expect(toLocale('fr-BE')).toBe('fr_BE'));
});

describe('matchLanguage', () => {
  it('prefers the exact region, then the first of the same language', () => {
    expect(matchLanguage('fr-BE', available)).toBe('fr-BE');
    expect(matchLanguage('fr', available)).toBe('fr-FR');
    expect(matchLanguage('fr-CH', available)).toBe('fr-FR');
    expect(matchLanguage('pl', available)).toBeUndefined();
  });

  it("a base language alone takes the shopper's own region of it where one is available, then the first of the list", () => {
    expect(matchLanguage('fr', available, ['nl-NL', 'fr-BE'])).toBe('fr-BE');
    expect(matchLanguage('fr', available, ['fr-CH', 'fr-BE'])).toBe('fr-BE');
    expect(matchLanguage('fr', available, ['fr-CH'])).toBe('fr-FR');
    // Then the language in the shopper's own country: `?lang=nl` from a Belgian French browser is Belgian Dutch, not
    // the list's first Dutch (QA: fr-BE opened nl-NL).
    expect(matchLanguage('nl', [...available, 'nl-BE'], ['fr-BE'])).toBe('nl-BE');
    expect(matchLanguage('nl', [...available, 'nl-BE'], ['de-DE', 'fr-BE'])).toBe('nl-BE');
    expect(matchLanguage('nl', [...available, 'nl-BE'], ['fr'])).toBe('nl-NL');
    // A region the candidate names is the candidate's, even when not available.
    expect(matchLanguage('fr-CH', available, ['fr-BE'])).toBe('fr-FR');
  });
});

describe('detectLanguage', () => {
  it.each([
    ['the lang parameter first', { query: 'en', remembered: ['fr-FR'], browser: ['nl'] }, 'en-GB'],
    ['an unavailable lang parameter is ignored', { query: 'pl', browser: ['nl'] }, 'nl-NL'],
    ['the remembered choice before the browser', { remembered: ['fr-BE'], browser: ['en'] }, 'fr-BE'],
    ['the first available browser language', { browser: ['pl-PL', 'en-US', 'de'] }, 'en-GB'],
    ['the metadata default otherwise', { browser: ['pl'] }, 'de-DE'],
    // A partner's ui_locales=fr: French, in the region the shopper chose or the browser has (QA: fr-BE became fr-FR).
    ['for a base-only lang parameter the remembered region', { query: 'fr', remembered: ['fr-BE'], browser: ['fr-BE', 'fr'] }, 'fr-BE'],
    ['for a base-only lang parameter the browser region', { query: 'fr', browser: ['en-GB', 'fr-BE'] }, 'fr-BE'],
    ['for a base-only lang parameter the first of the list otherwise', { query: 'fr', remembered: ['de-DE'], browser: ['nl-NL'] }, 'fr-FR'],
  ])('takes %s', (_name, candidates, expected) => {
    expect(detectLanguage(available, 'de-DE', candidates)).toBe(expected);
  });
});

describe('remembering', () => {
  beforeEach(() => {
    document.cookie = 'i18next=; path=/; max-age=0';
    localStorage.clear();
  });

  it('writes the cookie i18next and the local storage key i18nextLng', () => {
    rememberLanguage('fr-BE');
    expect(document.cookie).toContain('i18next=fr-BE');
    expect(localStorage.getItem('i18nextLng')).toBe('fr-BE');
    expect(readRememberedLanguage()).toEqual(['fr-BE', 'fr-BE']);
  });

  it('remembers nothing on a first visit', () => {
    expect(readRememberedLanguage()).toEqual([]);
  });

  it('skips a cookie that is not valid percent-encoding instead of throwing, and still reads local storage', () => {
    document.cookie = 'i18next=%E0%A4%A; path=/';
    expect(readRememberedLanguage()).toEqual([]);
    localStorage.setItem('i18nextLng', 'nl-NL');
    expect(readRememberedLanguage()).toEqual(['nl-NL']);
    expect(detectLanguage(available, 'de-DE', { remembered: readRememberedLanguage() })).toBe('nl-NL');
  });
});
