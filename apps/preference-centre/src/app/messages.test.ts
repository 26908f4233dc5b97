import { APP_LANGUAGES, loadMessages } from './messages';

describe('app messages', () => {
  it.each(APP_LANGUAGES.filter((lng) => lng !== 'de'))('%s has exactly the German keys', async (language) => {
    const german = Object.keys(await loadMessages('de')).sort();
    const other = await loadMessages(language);
    expect(Object.keys(other).sort()).toEqual(german);
    for (const [key, text] of Object.entries(other)) expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
  });
});
