// The words of an app's index.html (its language, title, description, noscript text and loader) in every language
// the apps ship texts for, from the same message files as the apps: the service sends the HTML in the shopper's
// language from the first paint (services/api/internal/webapp), where it sent German until the app's texts were in.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml, pageLoaderHtml } from '../../libs/ui/src/page-loader-html';

/** The message keys of the words in an app's HTML; its loader says the shared `global.loading`. */
export interface HtmlTextKeys {
  title: string;
  description: string;
  noscript: string;
}

/** The words of an app's HTML in one language. */
export type HtmlTexts = HtmlTextKeys & { loading: string };

/** The shared texts (libs/i18n), relative to an app's folder. */
const SHARED_LOCALES = '../../libs/i18n/src/locales';

/**
 * Where an app keeps the texts only its HTML shows (the description, the noscript text): apart from the first page's
 * texts, which /login loads and which have no room for them (page weight).
 */
export const HTML_LOCALES = 'src/locales/html';

function readMessages(file: string): Record<string, string> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/**
 * The words of the app's HTML by base language, for every language of the shared texts, each found in the shared
 * texts, the app's first-page texts (src/locales) or its HTML texts (HTML_LOCALES). A missing one stops the build.
 */
export function readHtmlTexts(appDir: string, keys: HtmlTextKeys): Record<string, HtmlTexts> {
  const languages = readdirSync(join(appDir, SHARED_LOCALES))
    .filter((file) => /^[a-z]{2}\.json$/.test(file))
    .map((file) => file.slice(0, 2));
  return Object.fromEntries(
    languages.map((language) => {
      const messages = {
        ...readMessages(join(appDir, SHARED_LOCALES, `${language}.json`)),
        ...readMessages(join(appDir, 'src/locales', `${language}.json`)),
        ...readMessages(join(appDir, HTML_LOCALES, `${language}.json`)),
      };
      const text = (key: string) => {
        const found = messages[key]?.trim();
        if (!found) throw new Error(`html texts: ${language} has no text for ${key}`);
        return found;
      };
      const texts: HtmlTexts = { title: text(keys.title), description: text(keys.description), noscript: text(keys.noscript), loading: text('global.loading') };
      return [language, texts];
    }),
  );
}

/**
 * The app's HTML in a language: each place of a word found exactly once, or the build stops. The `lang` attribute
 * names the base language; the service adds the site's region (nl-BE).
 */
export function htmlInLanguage(html: string, language: string, texts: HtmlTexts): string {
  const places: [RegExp, string][] = [
    [/<html lang="[^"]*">/g, `<html lang="${language}">`],
    [/<title>[^<]*<\/title>/g, `<title>${escapeHtml(texts.title)}</title>`],
    [/<meta name="description" content="[^"]*"/g, `<meta name="description" content="${escapeHtml(texts.description)}"`],
    [/<noscript>[^<]*<\/noscript>/g, `<noscript>${escapeHtml(texts.noscript)}</noscript>`],
    // Empty in the app's index.html; the loader once the build has put it there.
    [/<div id="root">(?:<main>[\s\S]*?<\/main>)?<\/div>/g, `<div id="root">${pageLoaderHtml(texts.loading)}</div>`],
  ];
  return places.reduce((page, [place, filled]) => {
    const found = page.match(place)?.length ?? 0;
    if (found !== 1) throw new Error(`html texts: index.html has ${found} of ${place.source}, not one`);
    return page.replace(place, () => filled);
  }, html);
}

/** The app's HTML in a base language, beside index.html (index.nl.html): the service reads these. */
export const htmlFileName = (language: string) => `index.${language}.html`;
