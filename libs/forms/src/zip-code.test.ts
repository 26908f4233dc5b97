import * as yup from 'yup';
import { zipCodeSchema } from './rules';
import { GENERIC_FORMAT_MESSAGE } from './zip-code';

const rules = {
  DE: { regex: '^\\d{5}$', errorMessage: 'Bitte geben Sie eine fünfstellige Postleitzahl ein.' },
  BE: { regex: '^\\d{4}$', errorMessage: '' },
};

const form = yup.object({ country: yup.string(), zip: zipCodeSchema(rules) });

describe('zipCodeSchema', () => {
  it.each([
    ['DE', '20095', true],
    ['DE', '2009', false],
    ['BE', '1000', true],
    ['BE', '10000', false],
    ['AT', 'A-1010', true],
    ['AT', 'ABCDEFGHIJK', false],
  ])('%s %s valid: %s', async (country, zip, valid) => {
    await expect(form.isValid({ country, zip })).resolves.toBe(valid);
  });

  it('uses the configured message, or the generic one', async () => {
    await expect(form.validate({ country: 'DE', zip: '1' })).rejects.toThrow(rules.DE.errorMessage);
    await expect(form.validate({ country: 'BE', zip: '1' })).rejects.toThrow(GENERIC_FORMAT_MESSAGE);
  });

  it('validates again when the country changes', async () => {
    const values = { country: 'DE', zip: '1000' };
    await expect(form.isValid(values)).resolves.toBe(false);
    await expect(form.isValid({ ...values, country: 'BE' })).resolves.toBe(true);
  });
});
