export {
  baseLanguage,
  DEFAULT_LANGUAGE,
  detectLanguage,
  LANGUAGE_COOKIE,
  languageCookie,
  LANGUAGE_STORAGE_KEY,
  matchLanguage,
  readRememberedLanguage,
  rememberLanguage,
  toLanguageTag,
  toLocale,
  type LanguageCandidates,
} from './language';
export {
  addMessages,
  combineMessages,
  createI18n,
  loadShippedMessages,
  loadTexts,
  messagesFrom,
  retryFailedMessages,
  SHIPPED_LANGUAGES,
  type I18nOptions,
  type MessageBundles,
  type MessageLoader,
  type Messages,
} from './i18n';
export { ADDRESS_COUNTRIES, shopperCountry } from './country';
