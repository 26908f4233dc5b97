import { createI18n, type MessageLoader } from '@portal/i18n';
import { APP_LANGUAGES, COMPLETE_LANGUAGES, loadMessages, loadPageMessages, loadSignInMessages } from './messages';
import { loadProfileMessages } from '../shared/profile-texts';
import { loadAccessDataMessages, loadAccountMessages } from './account-page-texts';

const PARTS: Record<string, MessageLoader> = {
  'first page': loadMessages,
  'other pages, shared': loadPageMessages,
  'sign-in pages': loadSignInMessages,
  'account page': loadAccountMessages,
  'personal data and address pages': loadProfileMessages,
  '/accessdata': loadAccessDataMessages,
};

describe('app messages', () => {
  // Each part of the texts has the same keys in every language, so no language needs the German fallback
  // (COMPLETE_LANGUAGES) and no page waits for texts that load with another one.
  it.each(Object.keys(PARTS))('%s: every language has exactly the German keys', async (part) => {
    const load = PARTS[part]!;
    const german = Object.keys(await load('de')).sort();
    expect(german.length).toBeGreaterThan(0);
    for (const language of APP_LANGUAGES.filter((lng) => lng !== 'de')) {
      const other = await load(language);
      expect({ language, keys: Object.keys(other).sort() }).toEqual({ language, keys: german });
      for (const [key, text] of Object.entries(other)) expect({ language, key, empty: text.trim() === '' }).toEqual({ language, key, empty: false });
    }
  });

  it('keeps each key in one part only', async () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const [part, load] of Object.entries(PARTS)) {
      for (const key of Object.keys(await load('de'))) {
        if (seen.has(key)) clashes.push(`${key}: ${seen.get(key)!} and ${part}`);
        seen.set(key, part);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('marks every shipped language complete', () => {
    expect(COMPLETE_LANGUAGES.sort()).toEqual([...APP_LANGUAGES].sort());
  });

  // The session warning says the time left in i18next plurals (SessionWarning): less than a minute (0), one
  // minute, and more, each its own words in every language, the number filled in.
  it.each(APP_LANGUAGES)('%s: the session warning has its words for 0, 1 and 2 minutes', async (language) => {
    const i18n = await createI18n(loadPageMessages, language, { completeLanguages: COMPLETE_LANGUAGES });
    const texts = [0, 1, 2].map((count) => i18n.t('ap.session.expiring.text', { count }));
    expect(new Set(texts).size).toBe(3);
    expect(texts.filter((text) => text.includes('{'))).toEqual([]);
    expect(texts[2]).toContain('2');
  });
});
