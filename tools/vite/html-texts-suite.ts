import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { htmlInLanguage, readHtmlTexts, type HtmlTextKeys, type HtmlTexts } from './html-texts';

/** What a browser reads of the page: its language and its words. */
function wordsOf(html: string): { lang: string } & HtmlTexts {
  const page = new DOMParser().parseFromString(html, 'text/html');
  return {
    lang: page.documentElement.lang,
    title: page.title,
    description: page.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    noscript: page.querySelector('noscript')?.textContent ?? '',
    loading: page.querySelector('#root [role="status"]')?.textContent ?? '',
  };
}

/**
 * The tests of an app's HTML in every language (each app's vite.config.test.ts): `app` its folder, `keys` the message
 * keys its build takes the words of index.html from (vite.config.ts), `german` the words index.html must say.
 */
export function describeHtmlTexts(app: string, keys: HtmlTextKeys, languages: readonly string[], german: HtmlTextKeys) {
  describe("the words of the app's HTML", () => {
    const texts = readHtmlTexts(app, keys);
    const page = htmlInLanguage(readFileSync(join(app, 'index.html'), 'utf8'), 'de', texts.de!);

    it('are there in every language of the app', () => {
      expect(Object.keys(texts).sort()).toEqual([...languages].sort());
    });

    it('are German in index.html', () => {
      expect(wordsOf(page)).toEqual({ lang: 'de', ...german, loading: 'Wird geladen …' });
    });

    // The build makes each language's page from the German one it has written.
    it.each(languages.filter((language) => language !== 'de'))('are all %s in its page', (language) => {
      const translated = htmlInLanguage(page, language, texts[language]!);
      expect(wordsOf(translated)).toEqual({ lang: language, ...texts[language] });
      for (const text of Object.values(texts.de!)) expect(translated).not.toContain(text);
    });
  });
}
