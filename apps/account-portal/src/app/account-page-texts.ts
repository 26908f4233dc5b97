import { messagesFrom, type MessageBundles } from '@portal/i18n';

/**
 * The account pages' own texts, beside the shared part that the account area's frame shows (messages.ts): those of
 * /accessdata (its sections, passkeys, e-mail and password changes), those of the account page (its tiles, the
 * deletion), and the profile's (personal data, the address pages with the 32 country names), each loaded by its pages
 * alone, beside their code (account-area.tsx). The address pages took the account page's texts with them while they
 * had 0.1 KB left of their 150 KB. Known only to the account area's code: their loaders would weigh on /login.
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
const accountBundles: MessageBundles = {
  de: () => import('../locales/account/de.json'),
  en: () => import('../locales/account/en.json'),
  es: () => import('../locales/account/es.json'),
  fr: () => import('../locales/account/fr.json'),
  nl: () => import('../locales/account/nl.json'),
  pl: () => import('../locales/account/pl.json'),
  pt: () => import('../locales/account/pt.json'),
};
const profileBundles: MessageBundles = {
  de: () => import('../locales/profile/de.json'),
  en: () => import('../locales/profile/en.json'),
  es: () => import('../locales/profile/es.json'),
  fr: () => import('../locales/profile/fr.json'),
  nl: () => import('../locales/profile/nl.json'),
  pl: () => import('../locales/profile/pl.json'),
  pt: () => import('../locales/profile/pt.json'),
};

export const loadAccessDataMessages = messagesFrom(accessDataBundles);
export const loadAccountMessages = messagesFrom(accountBundles);
export const loadProfileMessages = messagesFrom(profileBundles);
