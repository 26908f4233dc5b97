import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SHIPPED_LANGUAGES } from './i18n';

// The texts of every part of the product in one language: the shared texts and both apps' first-page and
// page texts, so that a screen which mixes them reads as one voice.
const root = path.resolve(__dirname, '../../..');
const parts = [
  'libs/i18n/src/locales',
  'apps/account-portal/src/locales',
  'apps/account-portal/src/locales/pages',
  'apps/account-portal/src/locales/profile',
  'apps/preference-centre/src/locales',
];
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

  // The courtesy titles of a form are the formal ones, the same words in both apps: the centre said "Meneer" where the
  // portal says "De heer", and "Sr."/"Sra." where it says "Señor"/"Señora" and "Senhor"/"Senhora" (QA, 2026-11-30).
  // nl-BE and nl-NL share these texts (nl.json).
  it.each(SHIPPED_LANGUAGES)('%s names every salutation alike in both apps', (language) => {
    const all = Object.fromEntries(texts(language));
    for (const salutation of ['mr', 'mrs', 'div']) {
      expect([salutation, all[`mpp.profile.salutation.${salutation}`]]).toEqual([salutation, all[`ap.salutation.${salutation}`]]);
      expect(all[`ap.salutation.${salutation}`]).toBeTruthy();
    }
  });

  it.each([
    ['nl', 'De heer', 'Mevrouw'],
    ['es', 'Señor', 'Señora'],
    ['pt', 'Senhor', 'Senhora'],
  ])('%s names the mr and mrs salutations %s and %s, in full, in both apps', (language, mr, mrs) => {
    const all = Object.fromEntries(texts(language));
    expect([all['ap.salutation.mr'], all['mpp.profile.salutation.mr']]).toEqual([mr, mr]);
    expect([all['ap.salutation.mrs'], all['mpp.profile.salutation.mrs']]).toEqual([mrs, mrs]);
  });

  // The person-name rule takes a period after a letter (St. John, Smith Jr.) and a middle dot between letters (Gal·la)
  // since 2026-11-30; the first name's format text, which says what a name may hold, named spaces, hyphens and
  // apostrophes only. A name has one text, the service's refusal's (400026), which the forms' check says too: the same
  // on the personal data page, in an address and in the preference centre (QA, 2026-12-01: an address's names and a
  // last name were told "a valid name" only).
  it.each([
    ['de', 'Punkte', 'Mittelpunkte'],
    ['en', 'full stops', 'middle dots'],
    ['fr', 'points', 'points médians'],
    ['nl', 'punten', 'middenpunten'],
    ['pl', 'kropki', 'kropki środkowe'],
    ['pt', 'pontos', 'pontos médios'],
    ['es', 'puntos', 'puntos medios'],
  ])('%s says a first and a last name may hold %s and %s, in the same words wherever a name is', (language, periods, middleDots) => {
    const all = Object.fromEntries(texts(language));
    for (const field of ['firstName', 'lastName']) {
      const text = all[`ap.errors.profile.${field}.400026`];
      expect([field, text]).toEqual([field, expect.stringMatching(words(periods))]);
      expect([field, text]).toEqual([field, expect.stringMatching(words(middleDots))]);
      expect([field, all[`ap.errors.data.addressBook.${field}.400026`], all[`mpp.errors.400026.profile.${field}`]]).toEqual([field, text, text]);
    }
  });

  it('names every shipped language in these checks', () => {
    expect([...SHIPPED_LANGUAGES].sort()).toEqual(['de', 'en', 'es', 'fr', 'nl', 'pl', 'pt']);
  });
});
