import * as kit from '@portal/forms/schemas';
import { mapValidationErrors } from '@portal/forms';
import { PersonNameMaxLength } from '@portal/identity';
import { defaultSchema } from '@portal/identity/testing';
import { accountFieldErrorOptions } from '../../shared/account-fields';
import { errorAt, PAGE_LANGUAGES as LANGUAGES, textIn, type Descriptor } from '../../testing/schema-errors';

// QA languages round of 2026-11-30: 201 letters of a first name were told "letters only" (the form's person-name rule
// said its format message for the length too). The rule now says the service's refusal 400006 of the field, whose text
// the last name already had; and the text names the limit, as "shorter" did not say how much to cut (QA, 2026-11-30).

describe('the personal data form, a first name too long', () => {
  const schema = kit.accountFormSchema(defaultSchema, ['profile.firstName', 'profile.lastName']);

  it("says it is too long, naming the limit, as the service's refusal of a last name too long does, in every language", async () => {
    for (const firstName of ['A'.repeat(PersonNameMaxLength + 1), `Anna-Maria ${'a'.repeat(190)}`]) {
      const error = await errorAt(schema, 'profile.firstName', { profile: { firstName, lastName: 'Muster' } });
      expect(await textIn('de', error)).toBe('Der Vorname darf höchstens 200 Zeichen lang sein.');
      for (const language of LANGUAGES) {
        const text = await textIn(language, error);
        expect([language, text]).toEqual([language, expect.stringContaining(String(PersonNameMaxLength))]);
        expect([language, text]).toEqual([language, expect.not.stringContaining('{')]);
      }
    }
  });

  it("shows the same text for the server's refusal (400009 with 400006 on the name), the limit filled in by the page", async () => {
    const refused = (fieldName: string) => [{ fieldName, errorCode: 400006, message: 'The value is too long.' }];
    const { profile } = mapValidationErrors<{ profile: Record<string, Descriptor> }>(
      [...refused('profile.firstName'), ...refused('profile.lastName')],
      accountFieldErrorOptions('de-DE'),
    ) as { profile: Record<string, Descriptor> };
    await expect(textIn('de', profile?.firstName)).resolves.toBe('Der Vorname darf höchstens 200 Zeichen lang sein.');
    for (const language of LANGUAGES) {
      const text = await textIn(language, profile?.lastName);
      expect([language, text]).toEqual([language, expect.stringContaining(String(PersonNameMaxLength))]);
      expect([language, text]).toEqual([language, expect.not.stringContaining('{')]);
    }
  });
});
