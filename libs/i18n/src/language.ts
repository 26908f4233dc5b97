/**
 * Language selection as spec 001 section 4 describes it.
 *
 * Languages are BCP 47 tags made from the metadata's `language_COUNTRY` locales (`fr_BE` -> `fr-BE`), so a
 * Belgian French speaker and a French one can see different content while sharing the French messages.
 */

/** The language shown before metadata has loaded, and the last fallback for messages. */
export const DEFAULT_LANGUAGE = 'de-DE';

/** Name of the cookie that remembers the choice (the i18next convention the retailer's other sites share). */
export const LANGUAGE_COOKIE = 'i18next';

/** Local storage key that remembers the choice. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** Turns a metadata locale (`de_DE`) or any language tag (`de-de`, `DE`) into a canonical tag (`de-DE`). */
export function toLanguageTag(value: string): string | undefined {
  const match = /^([a-zA-Z]{2,3})(?:[-_]([a-zA-Z]{2}))?$/.exec(value.trim());
  if (!match) return undefined;
  const language = match[1]!.toLowerCase();
  return match[2] ? `${language}-${match[2].toUpperCase()}` : language;
}

/** Turns a language tag (`de-DE`) back into the metadata and CMS locale form (`de_DE`). */
export function toLocale(languageTag: string): string {
  return languageTag.replace('-', '_');
}

/** The base language of a tag: `fr-BE` -> `fr`. */
export function baseLanguage(languageTag: string): string {
  return languageTag.split('-')[0]!.toLowerCase();
}

/**
 * Finds the available language that a candidate asks for: an exact match first (`fr-BE`); for a base language alone
 * (`fr`, as a partner's ui_locales may say it), the first of `preferred` (the shopper's remembered and browser tags)
 * that is available in that language, as the base names no region and the shopper's own is the one they read; then
 * that language in the country of one of `preferred` (`nl` for a Belgian French browser is `nl-BE`: the shopper's
 * country's stores and offers, QA); then the first available language with the same base language (`fr` -> `fr-FR`
 * when that comes first in the metadata).
 */
export function matchLanguage(candidate: string, available: readonly string[], preferred: readonly (string | null | undefined)[] = []): string | undefined {
  const tag = toLanguageTag(candidate);
  if (!tag) return undefined;
  const base = baseLanguage(tag);
  const exact = (wanted: string | null | undefined) => available.find((lng) => lng.toLowerCase() === wanted?.toLowerCase());
  return (
    exact(tag) ??
    (tag === base ? preferred.map(exact).find((lng) => lng && baseLanguage(lng) === base) : undefined) ??
    (tag === base ? preferred.map((lng) => exact(`${base}-${lng?.split(/[-_]/)[1]}`)).find(Boolean) : undefined) ??
    available.find((lng) => baseLanguage(lng) === base)
  );
}

/** Everything the detection looks at, so that it stays a pure function. */
export interface LanguageCandidates {
  /** The `lang` query parameter, if any. */
  query?: string | null;
  /** What the cookie or local storage remembers from an earlier visit. */
  remembered?: readonly (string | null | undefined)[];
  /** `navigator.languages`. */
  browser?: readonly string[];
}

/**
 * Picks the language once metadata is known: the `lang` query parameter, then the remembered choice, then the
 * browser's languages, each only if available; otherwise the metadata's default locale. A base language alone takes
 * its region from the remembered choice or the browser (matchLanguage): `?lang=fr` leaves a Belgian shopper fr-BE.
 */
export function detectLanguage(available: readonly string[], defaultLanguage: string, candidates: LanguageCandidates): string {
  const preferred = [...(candidates.remembered ?? []), ...(candidates.browser ?? [])];
  for (const candidate of [candidates.query, ...preferred]) {
    if (!candidate) continue;
    const match = matchLanguage(candidate, available, preferred);
    if (match) return match;
  }
  return matchLanguage(defaultLanguage, available) ?? available[0] ?? DEFAULT_LANGUAGE;
}

/** Reads the remembered language from the cookie and local storage. */
export function readRememberedLanguage(doc: Document = document, storage: Storage | undefined = safeLocalStorage()): string[] {
  const fromStorage = storage?.getItem(LANGUAGE_STORAGE_KEY) ?? undefined;
  return [languageCookie(doc.cookie), fromStorage].filter((v): v is string => Boolean(v));
}

/**
 * The language the `i18next` cookie names (of a `document.cookie` string), decoded; undefined without one or when
 * it is not valid percent-encoding. The cookie is the whole site's (path /, shared with the retailer's other
 * pages): a value another page wrote unencoded (`i18next=%`) must cost the remembered language only, not throw
 * URIError and leave both apps blank (QA).
 */
export function languageCookie(cookie: string): string | undefined {
  const raw = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** Remembers the language in the cookie (one year, whole site) and in local storage. */
export function rememberLanguage(language: string, doc: Document = document, storage: Storage | undefined = safeLocalStorage()): void {
  doc.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=31536000; SameSite=Lax`;
  storage?.setItem(LANGUAGE_STORAGE_KEY, language);
}

// Local storage throws in some privacy modes; the language then simply is not remembered.
function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
