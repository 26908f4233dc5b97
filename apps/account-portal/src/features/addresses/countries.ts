import type { TFunction } from 'i18next';
import type { SelectOption } from '@portal/forms';
import { baseLanguage } from '@portal/i18n';
import { ADDRESS_COUNTRIES } from '@portal/i18n/country';

/**
 * The text of a country's name. The names are CLDR's, the data behind `Intl.DisplayNames` (AddressesPage.test.tsx
 * holds every shipped language to it), but come as texts: asking `Intl.DisplayNames` in the page loads ICU's region
 * names on first use, 14–34 ms of the main thread on the development machine and ten times that on a phone, the
 * longest task of the address pages (issue 16).
 */
export const countryKey = (code: string) => `ap.countries.${code}`;

type CountryCode = (typeof ADDRESS_COUNTRIES)[number];

/**
 * ADDRESS_COUNTRIES in the order of their names in each shipped language, as that language sorts them
 * (`Intl.Collator`; AddressesPage.test.tsx holds every order to it). Sorting in the page would make the address form
 * create a collator, and the first collator a page creates loads ICU's collation data: 7–11 ms (once 21) of the main
 * thread in Chromium on the development machine, several times that on a phone (issue 16).
 */
const COUNTRY_ORDER: Readonly<Record<string, readonly CountryCode[]>> = {
  de: ['BE', 'BG', 'DK', 'DE', 'EE', 'FI', 'FR', 'GR', 'IE', 'IS', 'IT', 'HR', 'LV', 'LI', 'LT', 'LU', 'MT', 'NL', 'NO', 'AT', 'PL', 'PT', 'RO', 'SE', 'CH', 'SK', 'SI', 'ES', 'CZ', 'HU', 'GB', 'CY'],
  en: ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IS', 'IE', 'IT', 'LV', 'LI', 'LT', 'LU', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'CH', 'GB'],
  es: ['DE', 'AT', 'BE', 'BG', 'CZ', 'CY', 'HR', 'DK', 'SK', 'SI', 'ES', 'EE', 'FI', 'FR', 'GR', 'HU', 'IE', 'IS', 'IT', 'LV', 'LI', 'LT', 'LU', 'MT', 'NO', 'NL', 'PL', 'PT', 'GB', 'RO', 'SE', 'CH'],
  fr: ['DE', 'AT', 'BE', 'BG', 'CY', 'HR', 'DK', 'ES', 'EE', 'FI', 'FR', 'GR', 'HU', 'IE', 'IS', 'IT', 'LV', 'LI', 'LT', 'LU', 'MT', 'NO', 'NL', 'PL', 'PT', 'RO', 'GB', 'SK', 'SI', 'SE', 'CH', 'CZ'],
  nl: ['BE', 'BG', 'CY', 'DK', 'DE', 'EE', 'FI', 'FR', 'GR', 'HU', 'IE', 'IS', 'IT', 'HR', 'LV', 'LI', 'LT', 'LU', 'MT', 'NL', 'NO', 'AT', 'PL', 'PT', 'RO', 'SI', 'SK', 'ES', 'CZ', 'GB', 'SE', 'CH'],
  pl: ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'GR', 'ES', 'NL', 'IE', 'IS', 'LI', 'LT', 'LU', 'LV', 'MT', 'DE', 'NO', 'PL', 'PT', 'RO', 'SK', 'SI', 'CH', 'SE', 'HU', 'GB', 'IT'],
  pt: ['DE', 'AT', 'BE', 'BG', 'CZ', 'CY', 'HR', 'DK', 'SK', 'SI', 'ES', 'EE', 'FI', 'FR', 'GR', 'HU', 'IE', 'IS', 'IT', 'LV', 'LI', 'LT', 'LU', 'MT', 'NO', 'NL', 'PL', 'PT', 'GB', 'RO', 'SE', 'CH'],
};

/** The countries with their names in the page's language, sorted as that language sorts (spec 000 §3: "listed sorted by localized name"). */
export function countryOptions(t: TFunction, language: string): SelectOption[] {
  const option = (code: string) => ({ value: code, label: countryName(t, code, language) });
  const order = COUNTRY_ORDER[baseLanguage(language)];
  if (order) return order.map(option);
  // A language without a shipped order (none today) is sorted in the page.
  const collator = new Intl.Collator(language);
  return ADDRESS_COUNTRIES.map(option).sort((a, b) => collator.compare(a.label, b.label));
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
