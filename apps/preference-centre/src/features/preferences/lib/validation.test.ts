import * as kit from '@portal/forms/schemas';
import { centreSchema as centreRules, type CentreRules } from './validation';

const centreSchema = (rules: CentreRules) => centreRules(kit, rules);

const valid = (schema: ReturnType<typeof centreSchema>, birthYear: string) =>
  schema.isValid({ profile: { birthYear }, favouriteStore: { text: '', id: '', open: true }, newsletters: {} });

describe("the birth year's range (spec 001 §7: the provider's getSchema)", () => {
  const shown = new Set(['birthYear'] as const);
  const base = { shown, zipCodeRules: {}, staysSubscribed: () => false };

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
