import { reminderNameLanguage } from './reminder-name';

describe("a product reminder's name (spec 001 §3: variantName, a map of language to name)", () => {
  const names = { de: 'Milch', en: 'Milk', fr: 'Lait' };
  it.each([
    ['the page language', names, 'fr', 'fr'],
    // English before German: what a Polish, Spanish or Portuguese shopper reads best after their own (QA: German).
    ['else English', names, 'pl', 'en'],
    ['else German, the site default', { de: 'Milch', nl: 'Melk' }, 'es', 'de'],
    ['else the first by code', { pt: 'Leite', nl: 'Melk' }, 'es', 'nl'],
    ['none without names', {}, 'de', undefined],
  ])('%s', (_case, variantName: Record<string, string>, base, expected) => {
    expect(reminderNameLanguage(variantName, base)).toBe(expected);
  });
});
