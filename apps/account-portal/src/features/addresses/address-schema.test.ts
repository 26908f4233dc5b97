import { messages } from '@portal/forms';
import * as kit from '@portal/forms/schemas';
import { TextHiddenLetters, TextMaxLength } from '@portal/identity';
import { addressSchema } from './address-schema';
import { errorAt, PAGE_LANGUAGES as LANGUAGES, textIn } from '../../testing/schema-errors';

// QA languages round of 2026-11-30: a street, city or house number too long was told it "does not match the expected
// format". The form now checks the service's length (200 characters each, a house number its own: below) and says it
// as the service's refusal 400006 does, in the words of this app's bundles; and those words name the limit, as
// "shorter" did not say how much to cut (QA, 2026-11-30).

const ADDRESS = { salutation: '', firstName: 'Erika', lastName: 'Muster', street: 'Hauptstraße', streetNo: '1', zip: '20095', city: 'Hamburg', country: 'DE' };

describe('the address form, a text too long', () => {
  const schema = addressSchema(kit, {});

  it.each([
    ['street', 'Die Straße darf höchstens 200 Zeichen lang sein.'],
    ['city', 'Der Ort darf höchstens 200 Zeichen lang sein.'],
    ['firstName', 'Der Vorname darf höchstens 200 Zeichen lang sein.'],
    ['lastName', 'Der Nachname darf höchstens 200 Zeichen lang sein.'],
  ])("%s: takes the service's 200 characters, and says of 201 that they are too many, naming the limit in every language", async (field, german) => {
    const letters = field.endsWith('Name') ? 'a' : 'x';
    await expect(errorAt(schema, field, { ...ADDRESS, [field]: letters.repeat(TextMaxLength.address) })).resolves.toBeUndefined();
    const error = await errorAt(schema, field, { ...ADDRESS, [field]: letters.repeat(TextMaxLength.address + 1) });
    expect(await textIn('de', error)).toBe(german);
    for (const language of LANGUAGES) {
      // The service's refusal of the field (ap.errors.data.addressBook.<field>.400006) has the same words.
      expect([language, error?.key]).toEqual([language, expect.arrayContaining([`ap.errors.data.addressBook.${field}.400006`])]);
      const text = await textIn(language, error);
      expect([language, text]).toEqual([language, expect.stringContaining(String(TextMaxLength.address))]);
      expect([language, text]).toEqual([language, expect.not.stringContaining('{')]);
    }
  });

  it('takes a house number of 30 characters, as the service does (it stopped at 20 with the format message)', async () => {
    await expect(errorAt(schema, 'streetNo', { ...ADDRESS, streetNo: '1'.repeat(30) })).resolves.toBeUndefined();
  });

  it.each([['firstName'], ['lastName']])("%s: a name of other characters hears the address's own refusal", async (field) => {
    expect(await textIn('de', await errorAt(schema, field, { ...ADDRESS, [field]: 'R2D2' }))).toMatch(/gültigen/);
  });
});

// QA, 2026-11-30: the service refuses a street, house number or city that does not show as sent (more combining marks in
// a row than the contract's, a Hangul filler: 400026 on the field), as it refuses such a name; the form took them, and the
// shopper learnt it only from the save.
describe('the address form, a text that would not show as sent', () => {
  const schema = addressSchema(kit, {});
  const piled = `1${'\u0301'.repeat(TextMaxLength.marksInRow + 1)}`;

  it.each([
    ['street', 'Bitte geben Sie eine gültige Straße ein.'],
    ['streetNo', 'Bitte geben Sie eine gültige Hausnummer ein.'],
    ['city', 'Bitte geben Sie einen gültigen Ort ein.'],
  ])("%s: refused in the words of the service's refusal 400026 of the field", async (field, german) => {
    for (const value of [piled, ...[...TextHiddenLetters].map((letter) => `Nord${letter}weg`)]) {
      expect([value, await textIn('de', await errorAt(schema, field, { ...ADDRESS, [field]: value }))]).toEqual([value, german]);
    }
    await expect(errorAt(schema, field, { ...ADDRESS, [field]: `1${'\u0301'.repeat(TextMaxLength.marksInRow)}` })).resolves.toBeUndefined();
  });
});

// QA, 2026-12-01: the form took a street, house number or town that was only a pasted zero-width space (the card then
// showed " 12a") or only an emoji, and a house number of 60 characters. Only invisible characters at either end are
// trimmed as spaces are, so a field of nothing else is empty ("Please enter a value."); a street, house number or town
// holds a letter or a digit, else the field's format text; a house number is at most the contract's
// textLength.streetNo characters. The service (data.addressBook) and the fake answer these alike (contract suite).
describe('the address form, a text of nothing to read', () => {
  const schema = addressSchema(kit, {});
  it.each(['firstName', 'lastName', 'street', 'streetNo', 'zip', 'city'])('%s: a field of only invisible characters is empty', async (field) => {
    for (const value of ['\u200B', ' \u200B ', '\uFEFF', '\u2060\u200D', '\u00AD', '\u200E\u200F', '\u00A0\u3000', '\u202E', '\u0007']) {
      // The required text every field has ("Please enter a value.", spec 000 §5), as for a field of spaces.
      const error = await errorAt(schema, field, { ...ADDRESS, [field]: value });
      expect([value, error]).toEqual([value, messages.required(`data.addressBook.${field}`)]);
    }
  });

  it.each([
    ['street', 'Bitte geben Sie eine gültige Straße ein.'],
    ['streetNo', 'Bitte geben Sie eine gültige Hausnummer ein.'],
    ['city', 'Bitte geben Sie einen gültigen Ort ein.'],
  ])('%s: without a letter or a digit, refused with the format text of the field', async (field, german) => {
    for (const value of ['😀', '😀😀', '👍🏽', '\u200B😀\u200B', '-', '/', '...', '\u0301', '\uFE0F']) {
      expect([value, await textIn('de', await errorAt(schema, field, { ...ADDRESS, [field]: value }))]).toEqual([value, german]);
    }
  });

  it('streetNo: at most textLength.streetNo characters, the limit named; real house numbers pass', async () => {
    expect(TextMaxLength.streetNo).toBeGreaterThanOrEqual(10);
    expect(TextMaxLength.streetNo).toBeLessThan(60);
    const error = await errorAt(schema, 'streetNo', { ...ADDRESS, streetNo: '1'.repeat(60) });
    expect(await textIn('de', error)).toBe(`Die Hausnummer darf höchstens ${TextMaxLength.streetNo} Zeichen lang sein.`);
    for (const language of LANGUAGES) {
      expect([language, await textIn(language, error)]).toEqual([language, expect.stringContaining(String(TextMaxLength.streetNo))]);
    }
    await expect(errorAt(schema, 'streetNo', { ...ADDRESS, streetNo: '1'.repeat(TextMaxLength.streetNo + 1) })).resolves.toEqual(
      expect.objectContaining({ values: { max: TextMaxLength.streetNo } }),
    );
    await expect(errorAt(schema, 'streetNo', { ...ADDRESS, streetNo: '1'.repeat(TextMaxLength.streetNo) })).resolves.toBeUndefined();
    for (const streetNo of ['1', '12a', '12-14', '123 b', '7/1', '12 bis', 'Nr. 5', '٣', '\u200B12a\u200B', ' 12a\u2060']) {
      expect([streetNo, await errorAt(schema, 'streetNo', { ...ADDRESS, streetNo })]).toEqual([streetNo, undefined]);
    }
  });

  it('real streets and towns pass, invisible characters at their ends trimmed as spaces are', async () => {
    for (const [street, city] of [
      ['Hauptstraße', 'Hamburg'],
      ['Ulica 3 Maja', 'Łódź'],
      ["Rue de l'Église", 'Saint-Étienne'],
      ['Οδός Ερμού', 'Αθήνα'],
      ['\u200BHauptstraße\uFEFF', '\u2060Köln\u200B'],
      ['Straße des 17. Juni', "'s-Hertogenbosch"],
    ]) {
      await expect(errorAt(schema, 'street', { ...ADDRESS, street })).resolves.toBeUndefined();
      await expect(errorAt(schema, 'city', { ...ADDRESS, city })).resolves.toBeUndefined();
    }
  });
});

// QA, 2026-12-01: the form took a street, house number or town with a control inside ("Haupt\u0007straße", a pasted
// tab or line break), which the service refuses (Go's identity.IsTextControl, 400026 on the field): the shopper heard
// of it only from the save. The form refuses the same characters in the field's format text; a name's pattern and a
// country's postcode rule take none of them.
describe('the address form, a control inside a text', () => {
  const schema = addressSchema(kit, {});
  const inside = ['\u0007', '\t', '\n', '\r\n', '\u0000', '\u007F', '\u0085', '\u202E', '\u2066', '\u2028', '\uFEFF'];

  it.each([
    ['street', 'Bitte geben Sie eine gültige Straße ein.', 'Haupt{}straße'],
    ['streetNo', 'Bitte geben Sie eine gültige Hausnummer ein.', '12{}a'],
    ['city', 'Bitte geben Sie einen gültigen Ort ein.', 'Ham{}burg'],
    ['firstName', 'Bitte geben Sie einen gültigen Vornamen ein.', 'Er{}ika'],
    ['lastName', 'Bitte geben Sie einen gültigen Nachnamen ein.', 'Mus{}ter'],
  ])("%s: refused in the words of the service's refusal 400026 of the field", async (field, german, text) => {
    for (const control of inside) {
      const value = text.replace('{}', control);
      expect([value, await textIn('de', await errorAt(schema, field, { ...ADDRESS, [field]: value }))]).toEqual([value, german]);
    }
  });

  it('postcode: refused by its rule', async () => {
    for (const control of inside) {
      expect([control, await errorAt(schema, 'zip', { ...ADDRESS, zip: `200${control}95` })]).toEqual([control, messages.format('data.addressBook.zip')]);
    }
  });
});
