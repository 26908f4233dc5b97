import { createI18n, loadShippedMessages, SHIPPED_LANGUAGES } from '@portal/i18n';
import { isMessage, message, messages, toMessage, translateMessage } from './messages';
import { passwordMessages, phoneLengthMessage } from './rules';

describe('message descriptors', () => {
  it.each([
    [message('a', 'A'), true],
    [message(['a', 'b'], 'A', { 0: 1 }), true],
    ['text', false],
    [{ key: 1, fallback: 'A' }, false],
    [{ firstName: message('a', 'A') }, false],
    [[message('a', 'A')], false],
    [null, false],
  ])('%j is a message: %s', (value, expected) => {
    expect(isMessage(value)).toBe(expected);
  });

  it('takes a plain string as its own key and text', () => {
    expect(toMessage('Bitte prüfen')).toEqual({ key: 'Bitte prüfen', fallback: 'Bitte prüfen' });
    expect(toMessage('')).toBeUndefined();
    expect(toMessage({ nested: 'error object' })).toBeUndefined();
  });
});

describe('translateMessage', () => {
  it.each([
    ['de-DE', messages.required('profile.firstName'), 'Bitte geben Sie einen Wert ein.'],
    ['en-GB', messages.required('profile.firstName'), 'Please enter a value.'],
    ['de-DE', messages.format('profile.zip'), 'Der angegebene Wert entspricht nicht dem erwarteten Format.'],
    ['de-DE', passwordMessages.passwordMinLength(8), 'Das Passwort muss mindestens 8 Zeichen lang sein.'],
    ['en-GB', passwordMessages.passwordMinLength(12), 'The password must be at least 12 characters long.'],
    ['fr-FR', messages.birthYearRange(1900, 2020), "L'année de naissance doit être comprise entre 1900 et 2020."],
    ['en-GB', messages.birthYearRange(1900, 2020), 'The year of birth must be between 1900 and 2020.'],
    ['de-DE', messages.retypeMismatch(), 'Die eingegebenen Passwörter stimmen nicht überein.'],
    ['en-GB', messages.consentMissing(), 'Please agree to the terms and conditions of use.'],
    ['de-DE', message('ap.errors.profile.firstName.400026', 'Invalid format'), 'Invalid format'],
    [
      'pl-PL',
      { ...messages.phoneFormat(), values: { example: '+48123456789' } },
      'Podaj numer telefonu ze znakiem plus, kodem kraju i cyframi, np. +48123456789.',
    ],
  ])('%s: %j', async (language, descriptor, text) => {
    const i18n = await createI18n(loadShippedMessages, language);
    expect(translateMessage(i18n.t, descriptor)).toBe(text);
  });

  it('prefers the field key when the catalogue has one', async () => {
    const i18n = await createI18n(async () => ({ 'gigya.schema.profile.zip': 'PLZ falsch', 'global.validation.format': 'Format falsch' }));
    expect(translateMessage(i18n.t, messages.format('profile.zip'))).toBe('PLZ falsch');
    expect(translateMessage(i18n.t, messages.format('profile.city'))).toBe('Format falsch');
  });

  it('uses the English fallback with placeholders filled when no catalogue is loaded', async () => {
    const i18n = await createI18n(async () => ({}));
    expect(translateMessage(i18n.t, passwordMessages.passwordMinLength(8))).toBe('The password must be at least 8 characters long.');
    // The account portal's profile texts have it in each language (the pages that take a phone load them).
    expect(translateMessage(i18n.t, phoneLengthMessage('48', 9))).toBe('Phone numbers starting with +48 have 9 digits after the country code.');
  });
});

// QA phone round: every language's refusal gave the German example, which a Polish or Portuguese shopper took for the
// shape of their own number; then each language's own, which a Belgian shopper reading Dutch took for theirs (QA,
// 2026-11-30). The text names no number of its own: the phone's rule puts in the site's country's (phone-examples.ts,
// whose test holds each to the form's rule).
describe('the example of the phone format', () => {
  it.each(SHIPPED_LANGUAGES)('%s: is the one the rule is given', async (language) => {
    const text = (await loadShippedMessages(language))['global.phone.error.format']!;
    expect(text).not.toMatch(/\+\d/);
    const i18n = await createI18n(loadShippedMessages, language);
    const error = translateMessage(i18n.t, { ...messages.phoneFormat(), values: { example: '+32470123456' } });
    expect(error).toBe(text.replace('{example}', '+32470123456'));
    expect(error).toContain('+32470123456');
  });

  it('is in the English fallback too', async () => {
    const i18n = await createI18n(async () => ({}));
    expect(translateMessage(i18n.t, { ...messages.phoneFormat(), values: { example: '+352621123456' } })).toBe(
      'Please enter the phone number with a plus sign, country code and digits, e.g. +352621123456.',
    );
  });
});
