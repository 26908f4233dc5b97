import { messagesFrom, type MessageBundles } from '@portal/i18n';

/**
 * The account area's own texts (messages.ts has the other parts). Known only to the account area's code, which loads
 * after the entry chunk anyway: their loaders would weigh on /login, and the account area's page code, which comes
 * after the account area's too, loads beside them.
 */
const accountBundles: MessageBundles = {
  de: () => import('../locales/account/de.json'),
  en: () => import('../locales/account/en.json'),
  es: () => import('../locales/account/es.json'),
  fr: () => import('../locales/account/fr.json'),
  nl: () => import('../locales/account/nl.json'),
  pl: () => import('../locales/account/pl.json'),
  pt: () => import('../locales/account/pt.json'),
};

export const loadAccountMessages = messagesFrom(accountBundles);
