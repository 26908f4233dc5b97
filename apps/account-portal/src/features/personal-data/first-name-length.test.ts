import * as kit from '@portal/forms/schemas';
import { ACCOUNT_PORTAL_ERROR_KEYS, serverErrorMessage } from '@portal/forms';
import { defaultSchema } from '@portal/identity/testing';
import { errorAt, PAGE_LANGUAGES as LANGUAGES, textIn } from '../../testing/schema-errors';

// QA languages round of 2026-11-30: 201 letters of a first name were told "letters only" (the form's person-name rule
// said its format message for the length too). The rule now says the service's refusal 400006 of the field, whose text
// the last name already had.

describe('the personal data form, a first name too long', () => {
  const schema = kit.accountFormSchema(defaultSchema, ['profile.firstName', 'profile.lastName']);

  it("says it is too long, as the service's refusal of a last name too long does, in every language", async () => {
    for (const firstName of ['A'.repeat(201), `Anna-Maria ${'a'.repeat(190)}`]) {
      const error = await errorAt(schema, 'profile.firstName', { profile: { firstName, lastName: 'Muster' } });
      expect(await textIn('de', error)).toBe('Bitte geben Sie einen kürzeren Vornamen ein.');
      for (const language of LANGUAGES) {
        const bundle = (await import(`../../locales/pages/${language}.json`)) as Record<string, string>;
        expect([language, await textIn(language, error)]).toEqual([language, bundle['ap.errors.profile.firstName.400006']]);
        expect([language, bundle['ap.errors.profile.firstName.400006']]).toEqual([language, expect.any(String)]);
      }
    }
  });

  it("shows the same text for the server's refusal (400009 with 400006 on profile.firstName)", async () => {
    const error = serverErrorMessage({ fieldName: 'profile.firstName', errorCode: 400006, message: 'The value is too long.' }, ACCOUNT_PORTAL_ERROR_KEYS);
    await expect(textIn('de', error)).resolves.toBe('Bitte geben Sie einen kürzeren Vornamen ein.');
  });
});
