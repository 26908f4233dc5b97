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

const NAMESPACE = 'translation';

/**
 * Loaders added by addMessages, per instance (keyed by its store, which react-i18next's wrappers of the instance
 * share); the backend reads them with every language it loads later.
 */
const addedMessages = new WeakMap<object, { loaders: MessageLoader[]; added: Map<MessageLoader, Promise<void>> }>();

async function readMessages(language: string, loaders: MessageLoader[]): Promise<Messages> {
  const messages: Messages = {};
  // Loaders added while this language loads are read too, so a page that waits for its texts gets them.
  for (let done = 0; done < loaders.length; ) {
    const batch = loaders.slice(done);
    done = loaders.length;
    Object.assign(messages, ...(await Promise.all(batch.map((load) => load(language)))));
  }
  return messages;
}

function backend(loaders: MessageLoader[]): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, _namespace, callback) {
      readMessages(language, loaders).then(
        (messages) => callback(null, messages),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
    },
  };
}

/**
 * Writes a promise's outcome onto it the way React's `use` reads it (`status`, `value`, `reason`): a page that
 * waits for texts which arrived before it renders then shows at once, where `use` would suspend once, and React
 * holds back what replaces the loader it has just shown for up to 300 ms (its fallback throttle).
 */
function markOutcome<T>(promise: Promise<T>) {
  const marked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  marked.status = 'pending';
  // The handlers return nothing: returning the promise would give the one `then` makes its failure, which nothing
  // handles (an "Uncaught (in promise)" for every load that failed).
  promise.then(
    (value) => void Object.assign(marked, { status: 'fulfilled', value }),
    (reason: unknown) => void Object.assign(marked, { status: 'rejected', reason }),
  );
}

/** What lets addMessages ask again for texts that failed to load, run by retryFailedMessages. */
const failedMessages = new Set<() => void>();

/**
 * Adds texts that only some pages show, so they load with those pages instead of with the first page: now for
 * every language the instance has loaded, and later with each language it loads (added before the first language
 * loads, they load with it). Adding the same loader again returns the first call's promise, which fits React's
 * `use`; a failed one too, until retryFailedMessages.
 */
export function addMessages(i18n: I18n, load: MessageLoader): Promise<void> {
  const state = addedMessages.get(i18n.store);
  if (!state) return Promise.reject(new Error('addMessages needs an i18next instance from createI18n'));
  let added = state.added.get(load);
  if (!added) {
    if (!state.loaders.includes(load)) state.loaders.push(load);
    const loaded = Object.keys(i18n.store.data).filter((language) => i18n.hasResourceBundle(language, NAMESPACE));
    added = Promise.all(
      loaded.map(async (language) => {
        i18n.addResourceBundle(language, NAMESPACE, await load(language), true, true);
      }),
    ).then(() => undefined);
    markOutcome(added);
    added.catch(() => failedMessages.add(() => state.added.delete(load)));
    state.added.set(load, added);
  }
  return added;
}

/**
 * Lets the next addMessages ask again for texts that failed to load (no connection), which it otherwise answers
 * with the failure for good: a page whose texts failed showed the error page each time it was opened again, until
 * a reload (QA). Not on the failure itself: React renders a page once more before its error boundary shows, and
 * that render would ask again, and fail again, in a loop while the connection is down. The app calls it when the
 * shopper leaves the failed page, as it renews a page's failed code.
 */
export function retryFailedMessages() {
  for (const renew of failedMessages) renew();
  failedMessages.clear();
}

/**
 * Loads the texts of `language` and of the languages it falls back to, and resolves with the language once all are
 * in; a text file that does not load rejects with its failure. i18next asks no more for texts that failed to load
 * (its changeLanguage then resolves without them), so a page that opened without a connection showed its message
 * keys once the connection was back (QA phone). Texts already in are read again from the files the page has.
 */
export function loadTexts(i18n: I18n, language: string): Promise<string> {
  return new Promise((resolve, reject) => {
    void i18n.reloadResources(language, undefined, (errors?: unknown[]) => (errors ? reject(errors[0] as Error) : resolve(language)));
  });
}

export interface I18nOptions {
  /**
   * Languages whose messages have every key (the key parity tests check that). They do not load German as a
   * fallback, so an English visitor downloads English texts only.
   */
  completeLanguages?: readonly string[];
}

/**
 * Creates the i18next instance both apps use. Keys are flat (dots are part of the key, as in the retailer's
 * message catalogue), and placeholders are written `{name}` as in the specs.
 *
 * With `language` null, no texts load until the page's language is known (the first `changeLanguage`), so a
 * visitor whose language is not German never downloads the German texts; until then `t` gives each call's
 * `defaultValue`, which is German (the loader, the metadata error page).
 */
export async function createI18n(
  load: MessageLoader = loadShippedMessages,
  language: string | null = DEFAULT_LANGUAGE,
  options: I18nOptions = {},
): Promise<I18n> {
  const instance = i18next.createInstance();
  const loaders = [load];
  const complete = options.completeLanguages ?? [];
  await instance
    .use(backend(loaders))
    .use(initReactI18next)
    .init({
      lng: language ?? undefined,
      fallbackLng: (code) => {
        if (!code && language === null) return [];
        const chain = [baseLanguage(code ?? DEFAULT_LANGUAGE)];
        if (!chain.includes('de') && !complete.includes(chain[0]!)) chain.push('de');
        return chain;
      },
      load: 'all',
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
      returnEmptyString: false,
      react: { useSuspense: false },
    });
  addedMessages.set(instance.store, { loaders, added: new Map() });
  return instance;
}
