import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { toLanguageTag } from '@portal/i18n';
import { fetchJson } from './fetch-json';
import type { CmsContent, Metadata } from './types';

/** Builds the address of the content base: the metadata's restApi (empty for the same origin). */
function contentBase(metadata: Metadata): string {
  return metadata.restApi.replace(/\/+$/, '');
}

/**
 * Fetches `/cms/{cmsId}/{locale}.json`, falling back to `/cms/default.json` when that fails (spec 001 §7). A locale
 * without a document of its own needs no step here: the service answers it with its language's (en_IE: en_GB's),
 * which costs this first-load code nothing; default.json is for a language without any, or a failed request.
 */
export async function fetchContent(metadata: Metadata, locale: string): Promise<CmsContent> {
  const base = contentBase(metadata);
  try {
    return await fetchJson<CmsContent>(`${base}/cms/${encodeURIComponent(metadata.cms.id)}/${encodeURIComponent(locale)}.json`);
  } catch {
    // Its texts are marked with their language on a page of another (WCAG 3.1.2): the one the document names, else
    // (as the shipped default.json, the German document) the metadata's default language.
    return { lang: toLanguageTag(metadata.defaultLocale), ...(await fetchJson<CmsContent>(`${base}/cms/default.json`)) };
  }
}

export function contentQuery(metadata: Metadata | undefined, locale: string) {
  return queryOptions({
    queryKey: ['cms', metadata?.cms.id, locale],
    queryFn: () => fetchContent(metadata!, locale),
    enabled: Boolean(metadata),
    // Keeps the old language's content on screen while a switch loads the new one.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60 * 1000,
  });
}

export function useCmsContent(metadata: Metadata | undefined, locale: string) {
  return useQuery(contentQuery(metadata, locale));
}
