import { readFileSync } from 'node:fs';
import path from 'node:path';

// The texts of every part of the product in one language: the shared texts and both apps' first-page and
// page texts, so that a screen which mixes them reads as one voice.
const root = path.resolve(__dirname, '../../..');
const parts = ['libs/i18n/src/locales', 'apps/account-portal/src/locales', 'apps/account-portal/src/locales/pages', 'apps/preference-centre/src/locales'];
const texts = (language: string): [string, string][] =>
  parts.flatMap((part) => Object.entries(JSON.parse(readFileSync(path.join(root, part, `${language}.json`), 'utf8')) as Record<string, string>));

const words = (list: string) => new RegExp(`(^|[^\\p{L}])(${list})(?=[^\\p{L}]|$)`, 'iu');

describe('the voice of the shipped texts', () => {
  // Spanish addresses the shopper as usted, like the mails and the content; tú forms must not slip in. Most tú
  // imperatives (revisa, elige) are also the usted indicative, so the check looks for what is tú only: pronouns,
  // possessives and second-person verbs. Newsletters are "boletines" in Spanish.
  it('Spanish says usted and boletín', () => {
    const informal = words('tú|tu|tus|te|ti|contigo|inténtalo|haz|puedes|quieres|tienes|deseas|necesitas|has|recibirás|podrás|newsletters?');
    expect(texts('es').filter(([, text]) => informal.test(text))).toEqual([]);
  });

  // Polish past and passive forms of "you" carry a gender (otrzymałeś, zalogowany); the texts use impersonal
  // wording instead of a masculine default.
  it('Polish does not assume the shopper is a man', () => {
    const gendered = /\p{L}+(łeś|łaś)(?=[^\p{L}]|$)|\((-?a|-?aś)\)|(zostaniesz|jesteś|pozostań|będziesz)\s+\p{L}+(ny|wy|ły|ty)(?=[^\p{L}]|$)|będziesz mógł/iu;
    expect(texts('pl').filter(([, text]) => gendered.test(text))).toEqual([]);
  });

  // "div" is "Divers" in German only: the other languages name it in their own words, the same in both apps.
  it.each([
    ['fr', 'Autre'],
    ['nl', 'Anders'],
    ['es', 'Otro'],
    ['pt', 'Outro'],
  ])('%s names the div salutation %s in both apps', (language, name) => {
    const all = Object.fromEntries(texts(language));
    expect([all['ap.salutation.div'], all['mpp.profile.salutation.div']]).toEqual([name, name]);
  });

  // The courtesy titles of a form are the formal ones, one word in both apps: the centre said "Meneer" where the
  // portal says "De heer" (QA, 2026-11-30). nl-BE and nl-NL share these texts (nl.json).
  it('Dutch names the mr and mrs salutations De heer and Mevrouw in both apps', () => {
    const all = Object.fromEntries(texts('nl'));
    expect([all['ap.salutation.mr'], all['mpp.profile.salutation.mr']]).toEqual(['De heer', 'De heer']);
    expect([all['ap.salutation.mrs'], all['mpp.profile.salutation.mrs']]).toEqual(['Mevrouw', 'Mevrouw']);
  });
});
