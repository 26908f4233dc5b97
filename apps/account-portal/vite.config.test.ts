import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { htmlInLanguage, readHtmlTexts, type HtmlTexts } from '../../tools/vite/html-texts';
import { APP_LANGUAGES } from './src/app/messages';

// The app's folder, and the keys its build takes the words of index.html from (vite.config.ts).
const APP = __dirname;
const KEYS = { title: 'ap.title', description: 'ap.html.description', noscript: 'ap.html.noscript' };

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

describe("the words of the app's HTML", () => {
  const texts = readHtmlTexts(APP, KEYS);
  const german = htmlInLanguage(readFileSync(join(APP, 'index.html'), 'utf8'), 'de', texts.de!);

  it('are there in every language of the app', () => {
    expect(Object.keys(texts).sort()).toEqual([...APP_LANGUAGES].sort());
  });

  it('are German in index.html', () => {
    expect(wordsOf(german)).toEqual({
      lang: 'de',
      title: 'Kundenkonto',
      description: 'Kundenkonto: Registrierung, Anmeldung und Kontodaten',
      noscript: 'Bitte aktivieren Sie JavaScript, um das Kundenkonto zu nutzen.',
      loading: 'Wird geladen …',
    });
  });

  // The build makes each language's page from the German one it has written.
  it.each(APP_LANGUAGES.filter((language) => language !== 'de'))('are all %s in its page', (language) => {
    const page = htmlInLanguage(german, language, texts[language]!);
    expect(wordsOf(page)).toEqual({ lang: language, ...texts[language] });
    for (const text of Object.values(texts.de!)) expect(page).not.toContain(text);
  });
});
