import { postcodeInputMode, zipCodeRule } from './zip-code';

describe('postcodeInputMode', () => {
  const rule = (regex: string) => ({ regex, errorMessage: '' });

  it.each([
    // The built-in rules (services/api metadata.DefaultZipCodeRules): DE and LU five digits, BE four.
    ['^\\d{5}$', 'numeric'],
    ['^\\d{4}$', 'numeric'],
    // Digits only, however an operator writes them.
    ['^[0-9]{4}$', 'numeric'],
    ['^(?:\\d{4}|\\d{5})$', 'numeric'],
    ['^\\d{3,5}$', 'numeric'],
    // Letters, or a space or hyphen the digit pad lacks.
    ['^[A-Za-z0-9 -]{1,10}$', 'text'],
    ['^\\d{4} ?[A-Za-z]{2}$', 'text'],
    ['^\\d{2}-\\d{3}$', 'text'],
    ['^\\d{3} \\d{2}$', 'text'],
    ['^.{5}$', 'text'],
    ['', 'text'],
  ])('%s: %s', (regex, mode) => {
    expect(postcodeInputMode(rule(regex))).toBe(mode);
  });

  it("follows a country without a rule of its own to the product's rule: letters too", () => {
    expect(postcodeInputMode(zipCodeRule({ DE: rule('^\\d{5}$') }, 'NL'))).toBe('text');
    expect(postcodeInputMode(zipCodeRule({ DE: rule('^\\d{5}$') }, 'de'))).toBe('numeric');
  });
});
