import type { TFunction } from 'i18next';
import type { SelectOption } from '@portal/forms';

/** The countries an address may be in (spec 000 §3), as ISO codes. */
export const ADDRESS_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV',
  'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'GB', 'IS', 'LI', 'NO', 'CH',
] as const;

/**
 * The text of a country's name. The names are CLDR's, the data behind `Intl.DisplayNames` (AddressesPage.test.tsx
 * holds every shipped language to it), but come as texts: asking `Intl.DisplayNames` in the page loads ICU's region
 * names on first use, 14–34 ms of the main thread on the development machine and ten times that on a phone, the
 * longest task of the address pages (issue 16).
 */
export const countryKey = (code: string) => `ap.countries.${code}`;

/** The countries with their names in the page's language, sorted as that language sorts (spec 000 §3: "listed sorted by localized name"). */
export function countryOptions(t: TFunction, language: string): SelectOption[] {
  const collator = new Intl.Collator(language);
  return ADDRESS_COUNTRIES.map((code) => ({ value: code, label: countryName(t, code, language) })).sort((a, b) => collator.compare(a.label, b.label));
}

/** The name of one country in the page's language; a code outside the list (an account edited elsewhere) is named by the platform. */
export function countryName(t: TFunction, code: string, language: string): string {
  const name = t(countryKey(code), { defaultValue: '' });
  if (name) return name;
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}
