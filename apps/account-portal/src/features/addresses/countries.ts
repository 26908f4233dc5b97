import type { SelectOption } from '@portal/forms';

/** The countries an address may be in (spec 000 §3), as ISO codes. */
export const ADDRESS_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV',
  'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'GB', 'IS', 'LI', 'NO', 'CH',
] as const;

/**
 * The countries with their names in the page's language, sorted as that language sorts (spec 000 §3: "listed
 * sorted by localized name"); the names come from the platform (Intl.DisplayNames), not from a list kept here.
 */
export function countryOptions(language: string): SelectOption[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(language);
  return ADDRESS_COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => collator.compare(a.label, b.label));
}

/** The name of one country in the page's language. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}
