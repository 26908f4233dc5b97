import { addMessages, createI18n, loadShippedMessages, loadTexts, retryFailedMessages, SHIPPED_LANGUAGES, type MessageLoader, type Messages } from './i18n';

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

// Spec 001 §8 gives the English; every other language showed it too (QA spec audit, 2026-11-30: a German page said
// "metadata fetch failed.").
describe('the site load failures of spec 001 §8', () => {
  const spec = { 'global.errors.metadata.fetch': 'metadata fetch failed.', 'global.errors.cms.fetch': 'cms data fetch failed.' };
  it('are in English as the spec gives them', async () => {
    expect(await loadShippedMessages('en')).toMatchObject(spec);
  });

  it.each(SHIPPED_LANGUAGES.filter((lng) => lng !== 'en'))('are in %s in its own words', async (language) => {
    const texts = await loadShippedMessages(language);
    for (const [key, english] of Object.entries(spec)) expect({ key, text: texts[key] }).not.toEqual({ key, text: english });
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

describe('loading only the texts a visitor sees', () => {
  const bundles: Record<string, Messages> = { de: { greeting: 'Hallo', only: 'nur deutsch' }, en: { greeting: 'Hello' } };
  function recording() {
    const read: string[] = [];
    const load: MessageLoader = async (lng) => {
      read.push(lng);
      return bundles[lng] ?? {};
    };
    return { read, load };
  }

  it('loads nothing before the language is known, and then no German for a complete language', async () => {
    const { read, load } = recording();
    const i18n = await createI18n(load, null, { completeLanguages: ['en'] });
    expect(read).toEqual([]);
    expect(i18n.t('greeting', { defaultValue: 'Standard' })).toBe('Standard');
    await i18n.changeLanguage('en-GB');
    expect(read).toEqual(['en-GB', 'en']);
    expect(i18n.t('greeting')).toBe('Hello');
    await i18n.changeLanguage('de-DE');
    expect(i18n.t('greeting')).toBe('Hallo');
  });

  it('still falls back to German for a language that is not complete', async () => {
    const { read, load } = recording();
    const i18n = await createI18n(load, null, { completeLanguages: ['en'] });
    await i18n.changeLanguage('fr-FR');
    expect(read).toEqual(['fr-FR', 'fr', 'de']);
    expect(i18n.t('only')).toBe('nur deutsch');
  });

  it('adds page texts to the loaded languages and to those loaded later', async () => {
    const page: Record<string, Messages> = { de: { page: 'Seite' }, en: { page: 'Page' } };
    const loadPage: MessageLoader = async (lng) => page[lng] ?? {};
    const i18n = await createI18n(recording().load, null, { completeLanguages: ['de', 'en'] });
    await i18n.changeLanguage('de-DE');
    const added = addMessages(i18n, loadPage);
    expect(addMessages(i18n, loadPage)).toBe(added);
    await added;
    expect(i18n.t('page')).toBe('Seite');
    expect(i18n.t('greeting')).toBe('Hallo');
    await i18n.changeLanguage('en-GB');
    expect(i18n.t('page')).toBe('Page');
    expect(i18n.t('greeting')).toBe('Hello');
  });

  it('loads page texts added before the first language with it, and marks the promise settled for React', async () => {
    const page: Record<string, Messages> = { de: { page: 'Seite' } };
    const { read, load } = recording();
    const i18n = await createI18n(load, null, { completeLanguages: ['de'] });
    const added = addMessages(i18n, async (lng) => page[lng] ?? {}) as Promise<void> & { status?: string };
    expect(read).toEqual([]);
    await i18n.changeLanguage('de-DE');
    expect(i18n.t('page')).toBe('Seite');
    await added;
    // React's `use` reads `status`: a page rendered now shows at once instead of suspending first.
    expect(added.status).toBe('fulfilled');
  });

  it('keeps a failed load until retryFailedMessages, then asks again, and reads the loader once per language after', async () => {
    const page: Record<string, Messages> = { de: { page: 'Seite' }, en: { page: 'Page' } };
    let connected = false;
    const read: string[] = [];
    const loadPage: MessageLoader = async (lng) => {
      read.push(lng);
      if (!connected) throw new TypeError('Failed to fetch dynamically imported module: /assets/de.js');
      return page[lng] ?? {};
    };
    const i18n = await createI18n(recording().load, null, { completeLanguages: ['de', 'en'] });
    await i18n.changeLanguage('de-DE');
    const failed = addMessages(i18n, loadPage) as Promise<void> & { status?: string };
    await expect(failed).rejects.toThrow('Failed to fetch');
    expect(failed.status).toBe('rejected');
    // Asked again (React renders a failed page once more before its error boundary shows): the same failure, no load.
    read.length = 0;
    connected = true;
    expect(addMessages(i18n, loadPage)).toBe(failed);
    expect(read).toEqual([]);

    retryFailedMessages();
    await addMessages(i18n, loadPage);
    expect(i18n.t('page')).toBe('Seite');
    read.length = 0;
    await i18n.changeLanguage('en-GB');
    expect(i18n.t('page')).toBe('Page');
    expect(read.filter((lng) => lng === 'en')).toEqual(['en']);
  });
});

describe('loadTexts: texts that failed to load without a connection (QA phone)', () => {
  const bundles: Record<string, Messages> = { de: { greeting: 'Hallo' }, fr: { greeting: 'Bonjour' } };
  const noAnswer = new TypeError('Failed to fetch dynamically imported module: /assets/fr.js');

  function flaky() {
    const state = { connected: false, read: [] as string[] };
    const load: MessageLoader = async (lng) => {
      state.read.push(lng);
      if (!state.connected) throw noAnswer;
      return bundles[lng] ?? {};
    };
    return { state, load };
  }

  it('rejects with the failure, and asked again loads the texts i18next would not ask for again', async () => {
    const { state, load } = flaky();
    const i18n = await createI18n(load, null);
    await expect(loadTexts(i18n, 'fr-FR')).rejects.toBe(noAnswer);
    // i18next's own way on leaves them out for good: it resolves, and the page would show the keys.
    state.read = [];
    state.connected = true;
    await i18n.changeLanguage('fr-FR');
    expect(state.read).toEqual([]);
    expect(i18n.t('greeting')).toBe('greeting');

    await expect(loadTexts(i18n, 'fr-FR')).resolves.toBe('fr-FR');
    expect(state.read.sort()).toEqual(['de', 'fr', 'fr-FR']);
    expect(i18n.t('greeting')).toBe('Bonjour');
  });

  it('a language switch whose texts get no answer rejects, though the German fallback is in, and loads them later', async () => {
    const { state, load } = flaky();
    state.connected = true;
    const i18n = await createI18n(load, 'de');
    state.connected = false;
    await expect(loadTexts(i18n, 'fr-FR')).rejects.toBe(noAnswer);
    expect(i18n.t('greeting')).toBe('Hallo');
    state.connected = true;
    await loadTexts(i18n, 'fr-FR');
    await i18n.changeLanguage('fr-FR');
    expect(i18n.t('greeting')).toBe('Bonjour');
  });
});
