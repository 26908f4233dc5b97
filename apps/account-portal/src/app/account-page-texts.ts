import { messagesFrom, type MessageBundles } from '@portal/i18n';

/**
 * The account pages' own texts, beside the shared part that the account area's frame shows (messages.ts): those of
 * /accessdata (its sections, passkeys, e-mail and password changes) and those of the account page (its tiles, the
 * deletion), each loaded by its pages alone, beside their code (account-area.tsx); the profile's (personal data, the
 * address pages) are in shared/profile-texts.ts, as the finalize form shows the personal data's fields too. The
 * address pages took the account page's texts with them while they had 0.1 KB left of their 150 KB. Known only to
 * the account area's code: their loaders would weigh on /login.
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

export const loadAccessDataMessages = messagesFrom(accessDataBundles);
export const loadAccountMessages = messagesFrom(accountBundles);
