import { createI18n, loadShippedMessages, SHIPPED_LANGUAGES, type Messages } from './i18n';

describe('shipped messages', () => {
  it('ship the seven languages of the specs', () => {
    expect(SHIPPED_LANGUAGES.sort()).toEqual(['de', 'en', 'es', 'fr', 'nl', 'pl', 'pt']);
  });

  it.each(SHIPPED_LANGUAGES.filter((lng) => lng !== 'de'))('%s has exactly the German keys', async (language) => {
    const german = Object.keys(await loadShippedMessages('de')).sort();
    const other = await loadShippedMessages(language);
    expect(Object.keys(other).sort()).toEqual(german);
    for (const [key, text] of Object.entries(other)) expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
  });
});

describe('createI18n', () => {
  it('starts in German and reads flat keys with {placeholders}', async () => {
    const i18n = await createI18n();
    expect(i18n.language).toBe('de-DE');
    expect(i18n.t('global.errors.code', { code: '403002' })).toBe('Fehlercode: 403002');
  });

  it('falls back from a regional tag to its language, then to German', async () => {
    const bundles: Record<string, Messages> = { fr: { 'only.fr': 'français' }, de: { 'only.de': 'deutsch' } };
    const i18n = await createI18n(async (lng) => bundles[lng] ?? {}, 'fr-BE');
    expect(i18n.t('only.fr')).toBe('français');
    expect(i18n.t('only.de')).toBe('deutsch');
  });
});
