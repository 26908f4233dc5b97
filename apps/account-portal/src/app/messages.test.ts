import { Durations } from '@portal/identity-contract';
import { createI18n, loadShippedMessages, type MessageLoader } from '@portal/i18n';
import { APP_LANGUAGES, COMPLETE_LANGUAGES, loadMessages, loadPageMessages, loadSignInMessages } from './messages';
import { loadProfileMessages } from '../shared/profile-texts';
import { DRAFT_KEEP_MS } from '../shared/form-draft';
import { loadSessionMessages } from '../shared/session-texts';
import { loadAccessDataMessages, loadAccountMessages } from './account-page-texts';
import { loadLinkedMessages } from '../features/link-accounts/linked-texts';
import { loadEmailInUseMessages } from '../features/errors/email-in-use-texts';

const PARTS: Record<string, MessageLoader> = {
  'first page': loadMessages,
  'other pages, shared': loadPageMessages,
  'sign-in pages': loadSignInMessages,
  'account page': loadAccountMessages,
  'personal data and address pages': loadProfileMessages,
  '/accessdata': loadAccessDataMessages,
  "the session's dialogs": loadSessionMessages,
  'a link done for an unconfirmed e-mail': loadLinkedMessages,
  "the page of an e-mail change's address taken meanwhile": loadEmailInUseMessages,
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

  // The session's dialogs say the time left in i18next plurals (SessionWarning): less than a minute (0), one minute,
  // and more, each its own words in every language, the number filled in.
  it.each(APP_LANGUAGES.flatMap((language) => ['ap.session.expiring.text', 'ap.session.ending.text'].map((key) => [language, key])))(
    '%s: %s has its words for 0, 1 and 2 minutes',
    async (language, key) => {
      const i18n = await createI18n(loadSessionMessages, language, { completeLanguages: COMPLETE_LANGUAGES });
      const texts = [0, 1, 2].map((count) => i18n.t(key, { count }));
      expect(new Set(texts).size).toBe(3);
      expect(texts.filter((text) => text.includes('{'))).toEqual([]);
      expect(texts[2]).toContain('2');
    },
  );

  // QA, 2026-11-30: the idle dialog said that anything unsaved would be lost, though a form's entries come back after a
  // login in the same tab within DRAFT_KEEP_MS (form-draft.tsx): each text names those minutes, besides the time left.
  it.each(APP_LANGUAGES)('%s: the idle dialog names the minutes a form\'s entries are kept for the next login', async (language) => {
    const i18n = await createI18n(loadSessionMessages, language, { completeLanguages: COMPLETE_LANGUAGES });
    for (const count of [0, 1, 2]) {
      expect(i18n.t('ap.session.expiring.text', { count })).toContain(String(DRAFT_KEEP_MS / 60_000));
    }
  });

  // QA phone round: the hint gave the German example on every page; then the language's, a Dutch number on the Belgian
  // Dutch page (QA, 2026-11-30). The hint and the format error name no number of their own but the same {example}, the
  // site's country's, which the page puts in both (account-fields.tsx; phone-examples.test.ts holds each to the rule).
  it.each(APP_LANGUAGES)('%s: the phone hint and the format error name the example the page gives them', async (language) => {
    const hint = (await loadProfileMessages(language))['ap.personaldata.phone.hint'];
    const error = (await loadShippedMessages(language))['global.phone.error.format'];
    for (const text of [hint, error]) {
      expect(text).toContain('{example}');
      expect(text).not.toMatch(/\+\d/);
    }
  });

  // QA, 2026-11-30: the form's own check and the service's refusal of a phone number said it in other words (nl "Vul
  // het…" and "Voer het…", pl "numerem kierunkowym" and "kodem kraju"): the same text both ways, the hint's words.
  it.each(APP_LANGUAGES)("%s: the service's refusal of a phone number's format says the form's own text", async (language) => {
    const form = (await loadShippedMessages(language))['global.phone.error.format'];
    expect((await loadPageMessages(language))['ap.errors.profile.phones.number.400026']).toBe(form);
  });

  // QA, 2026-11-30: the lockout message said "later" where the password reset's limit says its 15 minutes. The login's
  // first load has no room for code that fills the contract's duration in (tools/bench/budgets.json), so the texts
  // write the number; this holds it to the contract's lockoutDuration, the service's default.
  it.each(APP_LANGUAGES)('%s: the lockout message names the lockout duration of the identity contract', async (language) => {
    const text = (await loadMessages(language))['clp.login.error.lockedOut'];
    expect(text?.match(/\d+/g)).toEqual([String(Durations.lockoutDuration / 60_000)]);
  });

  it.each([
    ['de', 'Telefonnummern mit +48 haben nach der Ländervorwahl 9 Ziffern.'],
    ['en', 'Phone numbers starting with +48 have 9 digits after the country code.'],
    ['pl', 'Numery telefonów zaczynające się od +48 mają 9 cyfr po numerze kierunkowym kraju.'],
    ['pt', 'Os números de telefone começados por +48 têm 9 algarismos após o indicativo do país.'],
  ])('%s: the length of the numbers of a country with one fills in the country code and the digits', async (language, text) => {
    const i18n = await createI18n(loadProfileMessages, language, { completeLanguages: COMPLETE_LANGUAGES });
    expect(i18n.t('global.phone.error.length', { countryCode: '48', digits: 9 })).toBe(text);
  });
});
