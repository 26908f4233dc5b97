import * as kit from '@portal/forms/schemas';
import { addressSchema } from './address-schema';
import { errorAt, PAGE_LANGUAGES as LANGUAGES, textIn } from '../../testing/schema-errors';

// QA languages round of 2026-11-30: a street, city or house number too long was told it "does not match the expected
// format". The form now checks the service's length (200 characters each) and says it as the service's refusal 400006
// does, in the words of this app's bundles.

const ADDRESS = { salutation: '', firstName: 'Erika', lastName: 'Muster', street: 'Hauptstraße', streetNo: '1', zip: '20095', city: 'Hamburg', country: 'DE' };

describe('the address form, a text too long', () => {
  const schema = addressSchema(kit, {});

  it.each([
    ['street', 'Bitte geben Sie eine kürzere Straße ein.'],
    ['streetNo', 'Bitte geben Sie eine kürzere Hausnummer ein.'],
    ['city', 'Bitte geben Sie einen kürzeren Ort ein.'],
  ])("%s: takes the service's 200 characters, and says of 201 that they are too long, in every language", async (field, german) => {
    await expect(errorAt(schema, field, { ...ADDRESS, [field]: 'x'.repeat(200) })).resolves.toBeUndefined();
    const error = await errorAt(schema, field, { ...ADDRESS, [field]: 'x'.repeat(201) });
    expect(await textIn('de', error)).toBe(german);
    for (const language of LANGUAGES) {
      const bundle = (await import(`../../locales/pages/${language}.json`)) as Record<string, string>;
      const text = await textIn(language, error);
      expect([language, text]).toEqual([language, bundle[`ap.errors.data.addressBook.${field}.400006`]]);
      expect([language, text]).toEqual([language, expect.any(String)]);
    }
  });

  it('takes a house number of 30 characters, as the service does (it stopped at 20 with the format message)', async () => {
    await expect(errorAt(schema, 'streetNo', { ...ADDRESS, streetNo: '1'.repeat(30) })).resolves.toBeUndefined();
  });

  it.each([
    ['firstName', 'Bitte geben Sie einen kürzeren Vornamen ein.'],
    ['lastName', 'Bitte geben Sie einen kürzeren Nachnamen ein.'],
  ])('%s: a name too long is too long, in the profile\'s words', async (field, german) => {
    expect(await textIn('de', await errorAt(schema, field, { ...ADDRESS, [field]: 'A'.repeat(201) }))).toBe(german);
    // A name of other characters still hears the address's own refusal.
    expect(await textIn('de', await errorAt(schema, field, { ...ADDRESS, [field]: 'R2D2' }))).toMatch(/gültigen/);
  });
});
