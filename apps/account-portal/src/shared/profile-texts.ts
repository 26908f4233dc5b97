import { messagesFrom, type MessageBundles } from '@portal/i18n';

const profileBundles: MessageBundles = {
  de: () => import('../locales/profile/de.json'),
  en: () => import('../locales/profile/en.json'),
  es: () => import('../locales/profile/es.json'),
  fr: () => import('../locales/profile/fr.json'),
  nl: () => import('../locales/profile/nl.json'),
  pl: () => import('../locales/profile/pl.json'),
  pt: () => import('../locales/profile/pt.json'),
};

/**
 * The profile's texts: the personal data and address pages' own (with the 32 country names), which they load beside
 * their code (account-area.tsx), and the labels of the account's fields (account-fields.tsx), which the finalize form
 * loads too when it shows one of them (FinalizeForm's addFieldTexts), not with the page (page weight). With them the
 * refusals of the names and of the address (ap.errors.profile.firstName.*, ap.errors.data.addressBook.*), the form's
 * and the service's, which only these pages show: the names' and places' say what the field holds, too long for every
 * other page's first load (/accessdata had 28 bytes left, 2026-12-01).
 */
export const loadProfileMessages = messagesFrom(profileBundles);
