import { ACCOUNT_PORTAL_ERROR_KEYS, messages, serverErrorMessage } from '@portal/forms';
import * as kit from '@portal/forms/schemas';
import { ErrorCode, TextHiddenLetters, TextMaxLength } from '@portal/identity';
import { defaultSchema } from '@portal/identity/testing';
import { addressSchema } from './address-schema';
import { errorAt, PAGE_LANGUAGES as LANGUAGES, textIn } from '../../testing/schema-errors';

// QA languages round of 2026-11-30: a street, city or house number too long was told it "does not match the expected
// format". The form now checks the service's length (200 characters each, a house number its own: below) and says it
// as the service's refusal 400006 does, in the words of this app's bundles; and those words name the limit, as
// "shorter" did not say how much to cut (QA, 2026-11-30).

const ADDRESS = { salutation: '', firstName: 'Erika', lastName: 'Muster', street: 'Hauptstraße', streetNo: '1', zip: '20095', city: 'Hamburg', country: 'DE' };

/** The German words of the service's refusal 400026 of each field, which the form's own check says too: what it holds. */
const INVALID: Record<string, string> = {
  firstName: 'Bitte geben Sie einen Vornamen aus Buchstaben ein; Leerzeichen, Bindestriche, Apostrophe, Punkte und Mittelpunkte sind erlaubt.',
  lastName: 'Bitte geben Sie einen Nachnamen aus Buchstaben ein; Leerzeichen, Bindestriche, Apostrophe, Punkte und Mittelpunkte sind erlaubt.',
  street: 'Bitte geben Sie eine Straße aus Buchstaben und Ziffern ein; Leerzeichen und Satzzeichen sind erlaubt, Emojis, Symbole und unsichtbare Zeichen nicht.',
  streetNo: 'Bitte geben Sie eine Hausnummer aus Ziffern und Buchstaben ein; Leerzeichen und Satzzeichen sind erlaubt, Emojis, Symbole und unsichtbare Zeichen nicht.',
  city: 'Bitte geben Sie einen Ort aus Buchstaben und Ziffern ein; Leerzeichen und Satzzeichen sind erlaubt, Emojis, Symbole und unsichtbare Zeichen nicht.',
};

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

  it.each([['firstName'], ['lastName']])("%s: a name of other characters hears what a name holds", async (field) => {
    expect(await textIn('de', await errorAt(schema, field, { ...ADDRESS, [field]: 'R2D2' }))).toBe(INVALID[field]);
  });
});

// QA, 2026-11-30: the service refuses a street, house number or city that does not show as sent (more combining marks in
// a row than the contract's, a Hangul filler: 400026 on the field), as it refuses such a name; the form took them, and the
// shopper learnt it only from the save.
describe('the address form, a text that would not show as sent', () => {
  const schema = addressSchema(kit, {});
  const piled = `1${'\u0301'.repeat(TextMaxLength.marksInRow + 1)}`;

  it.each([
    ['street', INVALID.street!],
    ['streetNo', INVALID.streetNo!],
    ['city', INVALID.city!],
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
    ['street', INVALID.street!],
    ['streetNo', INVALID.streetNo!],
    ['city', INVALID.city!],
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
    ['street', INVALID.street!, 'Haupt{}straße'],
    ['streetNo', INVALID.streetNo!, '12{}a'],
    ['city', INVALID.city!, 'Ham{}burg'],
    ['firstName', INVALID.firstName!, 'Er{}ika'],
    ['lastName', INVALID.lastName!, 'Mus{}ter'],
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

// QA, 2026-12-01: "Erika1" as the address's first name was told "Bitte geben Sie einen gültigen Vornamen ein.", where the
// personal data page says what a first name holds, and "Muster1" as a last name "…gültigen Nachnamen ein." on both. A
// name has one text, the form's and the service's refusal's alike, on the personal data page and in the address.
describe('the address form, a name its rule refuses', () => {
  const schema = addressSchema(kit, {});
  const profile = kit.accountFormSchema(defaultSchema, ['profile.firstName', 'profile.lastName']);
  const refusal = (fieldName: string) =>
    serverErrorMessage({ fieldName, errorCode: ErrorCode.INVALID_FORMAT, message: 'The specified value does not correspond to the expected format.' }, ACCOUNT_PORTAL_ERROR_KEYS);

  it.each([
    ['firstName', 'Erika1'],
    ['lastName', 'Muster1'],
  ])("%s: says what a name holds, as the personal data page and the service's refusal of either say, in every language", async (field, value) => {
    const error = await errorAt(schema, field, { ...ADDRESS, [field]: value });
    const personal = await errorAt(profile, `profile.${field}`, { profile: { firstName: 'Erika', lastName: 'Muster', [field]: value } });
    expect(await textIn('de', error)).toBe(INVALID[field]);
    for (const language of LANGUAGES) {
      const text = await textIn(language, error);
      expect([language, text]).toEqual([language, expect.stringMatching(/;/)]);
      const others = [personal, refusal(`data.addressBook.${field}`), refusal(`profile.${field}`)];
      expect([language, ...(await Promise.all(others.map((other) => textIn(language, other))))]).toEqual([language, text, text, text]);
    }
  });

  it('takes the hyphens keyboards and autocorrection type (U+2010, U+2011) as the service does, and no dash', async () => {
    for (const lastName of ['Müller\u2010Lüdenscheidt', 'Müller\u2011Lüdenscheidt', 'd’Artagnan']) {
      expect([lastName, await errorAt(schema, 'lastName', { ...ADDRESS, lastName })]).toEqual([lastName, undefined]);
    }
    expect(await textIn('de', await errorAt(schema, 'lastName', { ...ADDRESS, lastName: 'Müller\u2013Lüdenscheidt' }))).toBe(INVALID.lastName);
  });
});

// QA, 2026-12-01: the town took "München😀" and "Mü\u200Dnchen" (a zero-width joiner), which names refuse, and the service
// stored them. A street, a house number and a town follow the contract's place rule: letters, marks, digits, spaces and
// punctuation; no emoji or other symbol, no character that shows nothing inside. The service refuses the same (400026
// on the field, the contract's place texts), whose text the form's check says.
describe('the address form, an emoji, a symbol or a character that shows nothing in a street, house number or town', () => {
  const schema = addressSchema(kit, {});

  it.each([
    ['city', 'München😀'],
    ['city', 'Mü\u200Dnchen'],
    ['city', 'Berlin ❤'],
    ['street', 'Hauptstraße 🏠'],
    ['street', 'Haupt\u00ADstraße'],
    ['streetNo', '1\uFE0F\u20E3'],
    ['streetNo', '12\u200Ba'],
  ])("%s = %j: refused, saying what the field holds, in the words of the service's refusal, in every language", async (field, value) => {
    const error = await errorAt(schema, field, { ...ADDRESS, [field]: value });
    expect(await textIn('de', error)).toBe(INVALID[field]);
    for (const language of LANGUAGES) {
      expect([language, error?.key]).toEqual([language, `ap.errors.data.addressBook.${field}.400026`]);
      const text = await textIn(language, error);
      expect([language, text]).toEqual([language, expect.stringMatching(/emoji/i)]);
    }
  });

  it('takes real streets, towns and house numbers with brackets, periods, apostrophes, hyphens, slashes and ½', async () => {
    const towns = ['Frankfurt (Oder)', 'Halle (Saale)', 'St. Gallen', "'s-Hertogenbosch", 'Sankt Peter-Ording', 'Łódź', 'Μύκονος'];
    const streets = ['Straße des 17. Juni', 'Am Wall 3/4', "Rue de l'Église"];
    for (const [field, values] of [['city', towns], ['street', streets], ['streetNo', ['12a', '12-14', '3 ½', '7/1']]] as const) {
      for (const value of values) expect([value, await errorAt(schema, field, { ...ADDRESS, [field]: value })]).toEqual([value, undefined]);
    }
  });
});
