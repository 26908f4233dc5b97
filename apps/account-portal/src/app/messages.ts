import { combineMessages, loadShippedMessages, type Messages } from '@portal/i18n';

const bundles: Record<string, () => Promise<{ default: Messages }>> = {
  de: () => import('../locales/de.json'),
  en: () => import('../locales/en.json'),
  es: () => import('../locales/es.json'),
  fr: () => import('../locales/fr.json'),
  nl: () => import('../locales/nl.json'),
  pl: () => import('../locales/pl.json'),
  pt: () => import('../locales/pt.json'),
};

/** This app's own texts; regional tags (`fr-BE`) fall back to their base language through i18next. */
async function loadAppMessages(language: string): Promise<Messages> {
  const load = bundles[language];
  return load ? (await load()).default : {};
}

/** The shared messages plus this app's own. */
export const loadMessages = combineMessages(loadShippedMessages, loadAppMessages);

/** Languages this app ships texts for. */
export const APP_LANGUAGES = Object.keys(bundles);
