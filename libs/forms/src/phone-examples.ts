// The example number the phone's hint and format error name ({example} in both texts, spec 000 §5: "plus sign,
// country code and digits, e.g. …"). The phone's rule (rules.ts, phoneSchema: the identity contract's phoneNumber)
// says which numbers the form takes; this says what one of each country looks like, beside it, and phone-examples.test.ts holds every
// entry to that rule. A module of its own, reached as '@portal/forms/phone-examples' by the code of the pages with a
// phone field only (the account's fields: personal data, finalize): not the forms' entry every form page and /login
// load, nor the schema kit, whose chunk every form loads once checked, and which the bundler would split it out of into
// a chunk of its own, shared with the phone pages (page weight).
//
// Why the pages pass the example where the hint and the error are made, rather than i18next's
// interpolation.defaultVariables: those are set when the shared i18n instance is created, which every page loads first
// (/login has no byte of its budget left), or else written into that instance later by a page, which every other text
// would then read. Passed one way, from the site's language to the hint's t() and the phone rule's message, the table
// stays with the phone pages. The cost: the format error takes its example when the rule gives it, so after a switch
// to a language of another country it keeps the former example until the field is checked again (its next change,
// leaving it or a submit); the hint follows at once.

/**
 * An example number of each country as its people write it (without spaces; Germany's is the spec's), by ISO
 * country code: the countries of the sites and their neighbours. Every one passes the phone's rule (isValidPhoneNumber).
 */
export const PHONE_EXAMPLES: Readonly<Record<string, string>> = {
  AT: '+436641234567',
  BE: '+32470123456',
  CH: '+41791234567',
  DE: '+4912345678',
  ES: '+34612345678',
  FR: '+33612345678',
  GB: '+447700900123',
  IT: '+393123456789',
  LU: '+352621123456',
  NL: '+31612345678',
  PL: '+48123456789',
  PT: '+351912345678',
};

/**
 * The country whose example a language gives when its tag names no country of the table (`fr-CA`, `en`): the language's
 * own, and for English the German one, the product's default country (spec 001), which the English texts gave.
 */
const LANGUAGE_COUNTRIES: Readonly<Record<string, string>> = { de: 'DE', en: 'DE', es: 'ES', fr: 'FR', nl: 'NL', pl: 'PL', pt: 'PT' };

/**
 * The example number for the site's language tag (useSite().language, canonical: `nl-BE`): one of the tag's country
 * (`nl-BE` → a Belgian number, `fr-LU` a Luxembourg one), else of the language's (LANGUAGE_COUNTRIES), else the German
 * one.
 */
export function phoneExample(languageTag: string): string {
  const [language = '', country = ''] = languageTag.split('-');
  return PHONE_EXAMPLES[country] ?? PHONE_EXAMPLES[LANGUAGE_COUNTRIES[language] ?? 'DE']!;
}
