import { messagesFrom, type MessageBundles } from '@portal/i18n';

/**
 * The texts of single account pages, which the other account pages do not load (page weight): /accessdata's (its
 * sections, passkeys, e-mail and password changes: a third of the account area's texts) and the address pages'
 * (their form and the 32 country names). The account area loads them beside the page's code (account-area.tsx).
 */
const accessDataBundles: MessageBundles = {
  de: () => import('../locales/access-data/de.json'),
  en: () => import('../locales/access-data/en.json'),
  es: () => import('../locales/access-data/es.json'),
  fr: () => import('../locales/access-data/fr.json'),
  nl: () => import('../locales/access-data/nl.json'),
  pl: () => import('../locales/access-data/pl.json'),
  pt: () => import('../locales/access-data/pt.json'),
};
const addressesBundles: MessageBundles = {
  de: () => import('../locales/addresses/de.json'),
  en: () => import('../locales/addresses/en.json'),
  es: () => import('../locales/addresses/es.json'),
  fr: () => import('../locales/addresses/fr.json'),
  nl: () => import('../locales/addresses/nl.json'),
  pl: () => import('../locales/addresses/pl.json'),
  pt: () => import('../locales/addresses/pt.json'),
};

export const loadAccessDataMessages = messagesFrom(accessDataBundles);
export const loadAddressesMessages = messagesFrom(addressesBundles);
