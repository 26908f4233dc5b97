import { ADDRESS_COUNTRIES } from '@portal/i18n/country';
import { PHONE_EXAMPLES, phoneExample } from './phone-examples';
import { isValidPhoneNumber } from './rules';

/** The calling codes of the table's countries, to hold each example to its own country. */
const CALLING_CODES: Record<string, string> = {
  AT: '43',
  BE: '32',
  CH: '41',
  DE: '49',
  ES: '34',
  FR: '33',
  GB: '44',
  IT: '39',
  LU: '352',
  NL: '31',
  PL: '48',
  PT: '351',
};

describe('the example phone numbers', () => {
  it('has a number for each country the sites and their neighbours are in', () => {
    expect(Object.keys(PHONE_EXAMPLES).sort()).toEqual(Object.keys(CALLING_CODES).sort());
    for (const country of Object.keys(PHONE_EXAMPLES)) expect(ADDRESS_COUNTRIES).toContain(country);
  });

  it.each(Object.entries(PHONE_EXAMPLES))('%s: %s is a number of its country the form takes', (country, example) => {
    expect(isValidPhoneNumber(example)).toBe(true);
    expect(example.startsWith(`+${CALLING_CODES[country]}`)).toBe(true);
  });
});

// QA, 2026-11-30: a Belgian shopper reading Dutch was shown a Dutch number, a Luxembourg one reading French a French one.
describe('phoneExample', () => {
  it.each([
    // The country of the site's language tag.
    ['nl-BE', 'BE'],
    ['fr-BE', 'BE'],
    ['fr-LU', 'LU'],
    ['de-AT', 'AT'],
    ['de-CH', 'CH'],
    ['de-DE', 'DE'],
    ['nl-NL', 'NL'],
    ['fr-FR', 'FR'],
    ['pl-PL', 'PL'],
    ['pt-PT', 'PT'],
    ['es-ES', 'ES'],
    ['en-GB', 'GB'],
    ['it-IT', 'IT'],
    // A country without an example, or none: the language's, the German one for English and any other language.
    ['fr-CA', 'FR'],
    ['pt-BR', 'PT'],
    ['nl', 'NL'],
    ['en-IE', 'DE'],
    ['en', 'DE'],
    ['sv-SE', 'DE'],
  ])('%s: the example of %s', (languageTag, country) => {
    expect(phoneExample(languageTag)).toBe(PHONE_EXAMPLES[country]);
  });
});
