import * as kit from '@portal/forms/schemas';
import { errorAt, textInBundle, type Descriptor } from '@portal/forms/testing';
import { centreSchema as centreRules, type CentreRules } from './validation';

const centreSchema = (rules: CentreRules) => centreRules(kit, rules);

const valid = (schema: ReturnType<typeof centreSchema>, birthYear: string) =>
  schema.isValid({ profile: { birthYear }, favouriteStore: { text: '', id: '', open: true }, newsletters: {} });

describe("the birth year's range (spec 001 §7: the provider's getSchema)", () => {
  const shown = new Set(['birthYear'] as const);
  const base = { shown, zipCodeRules: {}, personalisationOptInRequired: () => false };

  it("is the spec's 1900 to 2020 without a schema", async () => {
    const schema = centreSchema(base);
    expect(await valid(schema, '1899')).toBe(false);
    expect(await valid(schema, '1900')).toBe(true);
    expect(await valid(schema, '2020')).toBe(true);
    expect(await valid(schema, '2021')).toBe(false);
  });

  it("follows the provider's range(…) of profile.birthYear", async () => {
    const schema = centreSchema({
      ...base,
      accountSchema: { profileSchema: { fields: { birthYear: { type: 'long', format: 'range(1910,2008)' } } } },
    });
    expect(await valid(schema, '1909')).toBe(false);
    expect(await valid(schema, '1910')).toBe(true);
    expect(await valid(schema, '2008')).toBe(true);
    expect(await valid(schema, '2009')).toBe(false);
  });

  it('keeps the spec range when the schema says nothing readable', async () => {
    const schema = centreSchema({ ...base, accountSchema: { profileSchema: { fields: { birthYear: { type: 'long', format: 'whatever' } } } } });
    expect(await valid(schema, '1900')).toBe(true);
    expect(await valid(schema, '1899')).toBe(false);
  });
});

describe('a name too long (QA languages round of 2026-11-30: 201 letters of a first name were told "letters only")', () => {
  const LANGUAGES = ['de', 'en', 'es', 'fr', 'nl', 'pl', 'pt'];
  const schema = centreSchema({ shown: new Set(['firstName', 'lastName'] as const), zipCodeRules: {}, personalisationOptInRequired: () => false });
  const errorOf = (path: string, profile: Record<string, string>) =>
    errorAt(schema, path, { profile, favouriteStore: { text: '', id: '', open: true }, newsletters: {} });
  const textIn = async (language: string, error: Descriptor | undefined) =>
    textInBundle((await import(`../../../locales/${language}.json`)) as Record<string, string>, error);

  // And the text names the limit: "shorter" did not say how much shorter (QA, 2026-11-30).
  it("is told that it is too long, naming the limit, with the text of the service's refusal 400006 in every language", async () => {
    const firstName = await errorOf('profile.firstName', { firstName: 'A'.repeat(201), lastName: '' });
    const lastName = await errorOf('profile.lastName', { firstName: '', lastName: 'B'.repeat(201) });
    expect(await textIn('de', firstName)).toBe('Der Vorname darf höchstens 200 Zeichen lang sein.');
    expect(await textIn('de', lastName)).toBe('Der Nachname darf höchstens 200 Zeichen lang sein.');
    for (const language of LANGUAGES) {
      for (const [field, error] of [['firstName', firstName], ['lastName', lastName]] as const) {
        expect([language, error?.key]).toEqual([language, expect.arrayContaining([`mpp.errors.400006.profile.${field}`])]);
        const text = await textIn(language, error);
        expect([language, text]).toEqual([language, expect.stringContaining('200')]);
        expect([language, text]).toEqual([language, expect.not.stringContaining('{')]);
      }
    }
    // And with a hyphen and a space, as QA typed it.
    expect(await errorOf('profile.firstName', { firstName: `Anna-Maria ${'a'.repeat(190)}`, lastName: '' })).toEqual(firstName);
  });

  // QA, 2026-12-01: a first name of other characters was told what a name holds by the form's check and "…gültigen
  // Vornamen ein." by the service's refusal; a last name the latter by both. One text a name: the service's refusal's.
  it.each([
    ['firstName', 'Bitte geben Sie einen Vornamen aus Buchstaben ein; Leerzeichen, Bindestriche, Apostrophe, Punkte und Mittelpunkte sind erlaubt.'],
    ['lastName', 'Bitte geben Sie einen Nachnamen aus Buchstaben ein; Leerzeichen, Bindestriche, Apostrophe, Punkte und Mittelpunkte sind erlaubt.'],
  ])('says what a name holds for a %s of other characters, in the words of the service\'s refusal, in every language', async (field, german) => {
    const error = await errorOf(`profile.${field}`, { firstName: '', lastName: '', [field]: 'Anna1' });
    expect(error).toEqual(expect.objectContaining({ key: [`gigya.schema.profile.${field}`, `ap.errors.profile.${field}.400026`, `mpp.errors.400026.profile.${field}`] }));
    expect(await textIn('de', error)).toBe(german);
    for (const language of LANGUAGES) expect([language, await textIn(language, error)]).toEqual([language, expect.stringMatching(/;/)]);
  });
});
