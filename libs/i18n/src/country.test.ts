import { ADDRESS_COUNTRIES, shopperCountry } from './country';

describe('shopperCountry', () => {
  it.each([
    ['fr-BE', 'BE'],
    ['en-GB', 'GB'],
    ['de-DE', 'DE'],
    ['de-LU', 'LU'],
    ['nl_BE', 'BE'],
    ['pt-pt', 'PT'],
    // No country in the tag, or one no address may be in: the default country.
    ['fr', 'DE'],
    ['en-US', 'DE'],
    ['', 'DE'],
    ['xx-YY-ZZ', 'DE'],
  ])('%s -> %s', (tag, country) => expect(shopperCountry(tag)).toBe(country));

  it('knows the 32 address countries of spec 000 §3', () => expect(new Set(ADDRESS_COUNTRIES).size).toBe(32));
});
