import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { createContext, startTransition, useCallback, useContext, useDeferredValue, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, detectLanguage, loadTexts, readRememberedLanguage, rememberLanguage, SHIPPED_LANGUAGES, toLanguageTag, toLocale } from '@portal/i18n';
import { ResponseError } from './fetch-json';
import { useCmsContent } from './get-content';
import { useMetadata } from './get-metadata';
import type { CmsContent, Metadata } from './types';

/** Everything a page needs about the site: configuration, content, and the language it is shown in. */
export interface Site {
  metadata: Metadata;
  content: CmsContent;
  /** The current language tag, e.g. `de-DE`. */
  language: string;
  /** The languages the metadata offers, as tags, in metadata order. */
  languages: string[];
  /** Switches to an available language and remembers it; any other value is ignored (spec 001 §4). */
  changeLanguage: (language: string) => void;
}

const SiteContext = createContext<Site | null>(null);

/** The site of the surrounding SiteProvider. */
export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite must be used inside a SiteProvider');
  return site;
}

/**
 * The load of the site in the way of its pages: the first that failed of metadata, the content and the page's texts,
 * else the first not in. The message key says a failure of metadata or content (spec 001 §8), the texts have none;
 * `status` is the HTTP status it failed with, none for a request that got no answer. `loads` are all three: a try,
 * and the connection's return, ask again for each that failed, not only for the one told.
 */
export interface SiteLoad {
  query: UseQueryResult<unknown>;
  messageKey?: 'global.errors.metadata.fetch' | 'global.errors.cms.fetch';
  status?: number;
  loads: UseQueryResult<unknown>[];
}

export interface SiteProviderProps {
  children: ReactNode;
  /**
   * Shown in place of the pages until metadata, content and texts have arrived, and when they cannot be loaded: the
   * loader, or the error page when the load failed (`query.isError`). A load that waits for the connection is the
   * shell's to tell (AppProviders): this library knows no connection errors.
   */
  Loading: ComponentType<SiteLoad>;
  /** The browser's view of things; tests pass their own. */
  environment?: { search: string; browserLanguages: readonly string[] };
  /**
   * Called once metadata has named the language, as its texts and content start loading: work that needs no
   * more than these starts here, beside them rather than after them (the identity provider).
   */
  prepare?: (metadata: Metadata, language: string) => void;
}

function browserEnvironment() {
  return { search: window.location.search, browserLanguages: navigator.languages ?? [navigator.language] };
}

/**
 * Loads metadata, picks the language and loads that language's content. German shows until metadata is known;
 * then the `lang` parameter, the remembered choice and the browser's languages decide among the available ones.
 */
/**
 * A choice made on the page outlives the link's `?lang=`: detection reads the parameter before the remembered
 * choice (spec 001 §4), so a reload of a link with `?lang=en` went back to English after a switch to German (QA).
 */
function dropLanguageParameter() {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  if (!url.searchParams.has('lang')) return;
  url.searchParams.delete('lang');
  window.history.replaceState(window.history.state, '', url);
}

export function SiteProvider({ children, Loading, environment, prepare }: SiteProviderProps) {
  const { i18n } = useTranslation();
  // The first language whose texts have finished loading. Until then the loader shows: an app may load no
  // texts before metadata names the language, and a page rendered earlier would keep its fallback texts.
  // Later switches keep the page on screen; react-i18next re-renders it once the new texts are in.
  const [textsLoadedFor, setTextsLoadedFor] = useState<string | undefined>(undefined);
  const metadataResult = useMetadata();
  // Deferred as useRevealed defers a page: react-query hands metadata over in a synchronous render, and that render
  // with the effects React then flushes in the same task (language detection, the texts asked for, the identity
  // provider started) was one 20 ms task of the main thread on this machine, ten times that on a phone. The urgent
  // render now changes nothing; the rest runs in a background pass and its effects in a task of their own.
  const metadata = useDeferredValue(metadataResult.data);
  // An explicit choice wins over detection for the rest of the visit.
  const [chosenLanguage, setChosenLanguage] = useState<string | undefined>(undefined);

  const languages = useMemo(
    () => (metadata?.locales ?? []).map(toLanguageTag).filter((tag): tag is string => Boolean(tag)),
    [metadata],
  );

  // Metadata that did not load names no languages, and its error page (spec 001 §8) showed German to every shopper
  // (regression round, 2026-11-30): the page is then in the shopper's language among those this build ships texts of.
  const metadataFailed = metadataResult.isError;
  const detectedLanguage = useMemo(() => {
    if (!metadata && !metadataFailed) return undefined;
    const env = environment ?? browserEnvironment();
    return detectLanguage(
      metadata ? languages : SHIPPED_LANGUAGES,
      metadata ? (toLanguageTag(metadata.defaultLocale) ?? metadata.defaultLocale) : DEFAULT_LANGUAGE,
      {
        query: new URLSearchParams(env.search).get('lang'),
        remembered: readRememberedLanguage(),
        browser: env.browserLanguages,
      },
    );
  }, [metadata, metadataFailed, languages, environment]);

  const language = chosenLanguage ?? detectedLanguage;

  // Once: the first language is the one the page starts in (see IdentityGate for why a later one changes nothing).
  const prepared = useRef(false);
  useEffect(() => {
    if (prepared.current || !metadata || !language) return;
    prepared.current = true;
    prepare?.(metadata, language);
  }, [metadata, language, prepare]);

  // The texts are one more load of the site, as metadata and content are: i18next showed the page without the texts
  // that failed to load, their message keys in their place, and never asked for them again (QA phone).
  const texts = useQuery({
    queryKey: ['texts', language],
    queryFn: () => loadTexts(i18n, language!),
    enabled: Boolean(language),
    staleTime: Infinity,
  });

  useEffect(() => {
    if (!language || texts.data !== language) return;
    let current = true;
    // The texts are in, so changeLanguage resolves at once. The site shows (or changes language) as a transition:
    // React renders the whole page in small slices rather than in one long task of the main thread (total blocking
    // time, issue 16). A language takes effect, and is remembered, only with its texts: a switch made offline set
    // the page's lang, the selector and the cookie while every text stayed in the language before (QA phone).
    void i18n.changeLanguage(language).then(() => {
      if (!current) return;
      // Only a language the site offers is remembered: one taken without metadata may not be among them.
      if (metadata) rememberLanguage(language);
      document.documentElement.lang = language;
      startTransition(() => setTextsLoadedFor(language));
    });
    return () => {
      current = false;
    };
  }, [texts.data, language, i18n, metadata]);

  const changeLanguage = useCallback(
    (requested: string) => {
      const tag = toLanguageTag(requested);
      const available = languages.find((lng) => lng === tag);
      if (!available) return;
      setChosenLanguage(available);
      dropLanguageParameter();
    },
    [languages],
  );

  const contentResult = useCmsContent(language ? metadata : undefined, toLocale(language ?? ''));

  // The pages show the language whose texts are in (the one asked for may still be loading).
  const site = useMemo<Site | null>(
    () =>
      metadata && textsLoadedFor && contentResult.data
        ? { metadata, content: contentResult.data, language: textsLoadedFor, languages, changeLanguage }
        : null,
    [metadata, textsLoadedFor, contentResult.data, languages, changeLanguage],
  );

  // Once shown, the site stays when a refresh fails (the content asked for again as the tab comes back, QA phone):
  // React Query keeps the data it had, and only what is not in keeps the pages away: a first load, or the texts of a
  // language switch that failed or wait for the connection (paused), which the page would otherwise wait for without
  // a word.
  if (!site || texts.isError || texts.isPaused) {
    const loads: UseQueryResult<unknown>[] = [metadataResult, contentResult, texts];
    const query = loads.find((load) => load.isError) ?? loads.find((load) => load.data === undefined) ?? texts;
    const messageKey = (['global.errors.metadata.fetch', 'global.errors.cms.fetch'] as const)[loads.indexOf(query)];
    return <Loading query={query} messageKey={messageKey} status={statusOf(query.error)} loads={loads} />;
  }
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

/** The HTTP status of a failed load; none for a network failure. */
function statusOf(error: unknown): number | undefined {
  return error instanceof ResponseError ? error.status : undefined;
}
