import { messagesFrom, type MessageBundles } from '@portal/i18n';

const linkedBundles: MessageBundles = {
  de: () => import('../../locales/linked/de.json'),
  en: () => import('../../locales/linked/en.json'),
  es: () => import('../../locales/linked/es.json'),
  fr: () => import('../../locales/linked/fr.json'),
  nl: () => import('../../locales/linked/nl.json'),
  pl: () => import('../../locales/linked/pl.json'),
  pt: () => import('../../locales/linked/pt.json'),
};

/**
 * The text of a link done for an account whose e-mail is not confirmed yet (UnverifiedAccountPanel), which loads with
 * that panel, not with the link page: the page had 25 bytes left of its 150 KB (2026-11-30).
 */
export const loadLinkedMessages = messagesFrom(linkedBundles);
