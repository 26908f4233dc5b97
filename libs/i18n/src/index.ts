export {
  baseLanguage,
  DEFAULT_LANGUAGE,
  detectLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  matchLanguage,
  readRememberedLanguage,
  rememberLanguage,
  toLanguageTag,
  toLocale,
  type LanguageCandidates,
} from './language';
export {
  combineMessages,
  createI18n,
  loadShippedMessages,
  messagesFrom,
  SHIPPED_LANGUAGES,
  type MessageBundles,
  type MessageLoader,
  type Messages,
} from './i18n';
