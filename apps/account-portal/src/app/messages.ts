import { combineMessages, loadShippedMessages, messagesFrom, type MessageBundles } from '@portal/i18n';

/** This app's own texts, one chunk per language. */
const bundles: MessageBundles = {
  de: () => import('../locales/de.json'),
  en: () => import('../locales/en.json'),
  es: () => import('../locales/es.json'),
  fr: () => import('../locales/fr.json'),
  nl: () => import('../locales/nl.json'),
  pl: () => import('../locales/pl.json'),
  pt: () => import('../locales/pt.json'),
};

/** The shared messages plus this app's own. */
export const loadMessages = combineMessages(loadShippedMessages, messagesFrom(bundles));

/** Languages this app ships texts for. */
export const APP_LANGUAGES = Object.keys(bundles);
