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

/**
 * The texts of the other pages, which load with those pages (page weight): what the sign-in pages and the account
 * area's frame both show (pages/), the sign-in pages' own (sign-in/: registration, finalize, reset, linking, consent)
 * and the account pages' own (account/ and access-data/, account-page-texts.ts). One bundle for all of them was 4.6 KB
 * gzipped on every page, most of it texts the page never shows, and kept /registration, /accessdata and others at
 * their 150 KB budgets.
 */
const pageBundles: MessageBundles = {
  de: () => import('../locales/pages/de.json'),
  en: () => import('../locales/pages/en.json'),
  es: () => import('../locales/pages/es.json'),
  fr: () => import('../locales/pages/fr.json'),
  nl: () => import('../locales/pages/nl.json'),
  pl: () => import('../locales/pages/pl.json'),
  pt: () => import('../locales/pages/pt.json'),
};
const signInBundles: MessageBundles = {
  de: () => import('../locales/sign-in/de.json'),
  en: () => import('../locales/sign-in/en.json'),
  es: () => import('../locales/sign-in/es.json'),
  fr: () => import('../locales/sign-in/fr.json'),
  nl: () => import('../locales/sign-in/nl.json'),
  pl: () => import('../locales/sign-in/pl.json'),
  pt: () => import('../locales/sign-in/pt.json'),
};

/** The shared messages plus this app's own for the first page. */
export const loadMessages = combineMessages(loadShippedMessages, messagesFrom(bundles));

/** This app's texts that only the pages after the first need, the sign-in pages and the account area alike; see PageTexts. */
export const loadPageMessages = messagesFrom(pageBundles);

/** The sign-in pages' own texts (every page after the first outside the account area). */
export const loadSignInMessages = messagesFrom(signInBundles);

/** Languages this app ships texts for. */
export const APP_LANGUAGES = Object.keys(bundles);

/** Languages with every key in the shared and this app's messages (the parity tests), so without German fallback. */
export const COMPLETE_LANGUAGES = APP_LANGUAGES.filter((lng) => SHIPPED_LANGUAGES.includes(lng) && lng in pageBundles);
