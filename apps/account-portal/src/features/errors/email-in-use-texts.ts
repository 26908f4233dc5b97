import { messagesFrom, type MessageBundles } from '@portal/i18n';

const emailInUseBundles: MessageBundles = {
  de: () => import('../../locales/email-in-use/de.json'),
  en: () => import('../../locales/email-in-use/en.json'),
  es: () => import('../../locales/email-in-use/es.json'),
  fr: () => import('../../locales/email-in-use/fr.json'),
  nl: () => import('../../locales/email-in-use/nl.json'),
  pl: () => import('../../locales/email-in-use/pl.json'),
  pt: () => import('../../locales/email-in-use/pt.json'),
};

/**
 * The texts of the page an e-mail change's link lands on when its new address was taken meanwhile
 * (global.errors.email-change-in-use), which load with that page only: in the sign-in texts they weighed about 0.1 KB
 * on every public page's first load, and /registration had 0.1 KB left of its 150 KB (2026-12-01).
 */
export const loadEmailInUseMessages = messagesFrom(emailInUseBundles);
