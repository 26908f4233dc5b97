import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { baseLanguage, DEFAULT_LANGUAGE } from './language';

/** Message bundles: flat maps of message keys (`global.errors.404.headline`) to texts. */
export type Messages = Record<string, string>;

/** Loads the messages of one language tag (`de-DE`) or base language (`de`); unknown ones resolve to `{}`. */
export type MessageLoader = (language: string) => Promise<Messages>;

const bundles: MessageBundles = {
  de: () => import('./locales/de.json'),
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  nl: () => import('./locales/nl.json'),
  pl: () => import('./locales/pl.json'),
  pt: () => import('./locales/pt.json'),
};

/** Message files by base language, each loaded on demand (`de: () => import('./locales/de.json')`). */
export type MessageBundles = Record<string, () => Promise<{ default: Messages }>>;

/**
 * A loader over message files. Each base language is its own chunk, so a page loads only the languages it
 * shows; regional tags (`fr-BE`) get nothing here and fall back to their base language through i18next.
 */
export function messagesFrom(files: MessageBundles): MessageLoader {
  return async (language) => {
    const load = language.includes('-') ? undefined : files[language];
    return load ? (await load()).default : {};
  };
}

/** The messages both apps share. */
export const loadShippedMessages: MessageLoader = messagesFrom(bundles);

/**
 * Combines loaders: the shared messages first, then an app's own, which win on a clash. Each app keeps the
 * texts only it shows in its own bundles, so a page never downloads the other app's texts.
 */
export function combineMessages(...loaders: MessageLoader[]): MessageLoader {
  return async (language) => Object.assign({}, ...(await Promise.all(loaders.map((load) => load(language)))));
}

/** Languages with shipped messages. */
export const SHIPPED_LANGUAGES = Object.keys(bundles);

function backend(load: MessageLoader): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, _namespace, callback) {
      load(language).then(
        (messages) => callback(null, messages),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
    },
  };
}

/**
 * Creates the i18next instance both apps use. Keys are flat (dots are part of the key, as in the retailer's
 * message catalogue), and placeholders are written `{name}` as in the specs.
 */
export async function createI18n(load: MessageLoader = loadShippedMessages, language = DEFAULT_LANGUAGE): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance
    .use(backend(load))
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: (code) => {
        const chain = [baseLanguage(code ?? DEFAULT_LANGUAGE)];
        if (!chain.includes('de')) chain.push('de');
        return chain;
      },
      load: 'all',
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
      returnEmptyString: false,
      react: { useSuspense: false },
    });
  return instance;
}
