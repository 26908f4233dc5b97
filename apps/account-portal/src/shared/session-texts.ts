import { messagesFrom, type MessageBundles } from '@portal/i18n';

const sessionBundles: MessageBundles = {
  de: () => import('../locales/session/de.json'),
  en: () => import('../locales/session/en.json'),
  es: () => import('../locales/session/es.json'),
  fr: () => import('../locales/session/fr.json'),
  nl: () => import('../locales/session/nl.json'),
  pl: () => import('../locales/session/pl.json'),
  pt: () => import('../locales/session/pt.json'),
};

/**
 * The texts of the session's dialogs (SessionWarning.tsx: the question before an unused session ends, the notice
 * before its absolute end), which load with the dialogs when one is due, not with every page after the first (page
 * weight: the account pages had 0.1 KB left of their 150 KB, 2026-11-30); and the notice of a form's entries kept
 * across the login after a session's end (FormDraftKeeper.tsx) and of a new e-mail address waiting for the password
 * (KeptEmailNotice.tsx), which load them when they show.
 */
export const loadSessionMessages = messagesFrom(sessionBundles);
