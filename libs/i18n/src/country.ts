import { toLanguageTag } from './language';

/** The countries an address may be in (spec 000 §3), as ISO codes. */
export const ADDRESS_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV',
  'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'GB', 'IS', 'LI', 'NO', 'CH',
] as const;

/**
 * The shopper's country: the country of the page's language tag (`fr-BE` → BE, `en-GB` → GB), as the shopper's
 * link opens that country's pages; DE, the product's default country (spec 001), when the tag names none or one that
 * is not an address country. The postcode's rule and region check at finalize and the address form's first country
 * follow it, not the deployment (metadata countryGermany): a British shopper on the German site has no German
 * postcode (QA).
 */
export function shopperCountry(languageTag: string): string {
  const country = toLanguageTag(languageTag)?.split('-')[1];
  return country && (ADDRESS_COUNTRIES as readonly string[]).includes(country) ? country : 'DE';
}
