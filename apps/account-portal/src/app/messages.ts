import { combineMessages, loadShippedMessages, messagesFrom, SHIPPED_LANGUAGES, type MessageBundles } from '@portal/i18n';

/** This app's texts for the first page (/login and what every page shows), one chunk per language. */
const bundles: MessageBundles = {
  de: () => import('../locales/de.json'),
  en: () => import('../locales/en.json'),
  es: () => import('../locales/es.json'),
  fr: () => import('../locales/fr.json'),
  nl: () => import('../locales/nl.json'),
  pl: () => import('../locales/pl.json'),
  pt: () => import('../locales/pt.json'),
};

/** The texts of the other pages (registration, finalize, account...), which load with those pages (page weight). */
const pageBundles: MessageBundles = {
  de: () => import('../locales/pages/de.json'),
  en: () => import('../locales/pages/en.json'),
  es: () => import('../locales/pages/es.json'),
  fr: () => import('../locales/pages/fr.json'),
  nl: () => import('../locales/pages/nl.json'),
  pl: () => import('../locales/pages/pl.json'),
  pt: () => import('../locales/pages/pt.json'),
};

/** The shared messages plus this app's own for the first page. */
export const loadMessages = combineMessages(loadShippedMessages, messagesFrom(bundles));

/** This app's texts that only the pages after the first need; see PageTexts in routes.tsx. */
export const loadPageMessages = messagesFrom(pageBundles);

/** Languages this app ships texts for. */
export const APP_LANGUAGES = Object.keys(bundles);

/** Languages with every key in the shared and this app's messages (the parity tests), so without German fallback. */
export const COMPLETE_LANGUAGES = APP_LANGUAGES.filter((lng) => SHIPPED_LANGUAGES.includes(lng) && lng in pageBundles);
