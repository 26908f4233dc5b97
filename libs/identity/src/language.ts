/**
 * The language of a tag, without its country: de-DE, de_LU and DE give de. The vendor's calls take a language (nl,
 * not the page's nl-BE), and so does the fake that stands in for it. Here rather than @portal/i18n's baseLanguage:
 * this data-access library does not depend on the i18n library (the lint's layer test sees a cycle).
 */
export function baseLang(tag: string): string {
  return tag.replace('_', '-').split('-')[0]!.toLowerCase();
}
