import * as yup from 'yup';
import { charGroupCount, ErrorCode, isEmailAddress, passwordLength, passwordTooLong, PersonNameMaxLength, TextMaxLength } from '@portal/identity-contract';
import { phoneNumberFault } from '@portal/identity-contract/phone';
import { hasTextControl, isPlaceText, textShowsAsSent, trimInvisible } from '@portal/identity-contract/text';
import { BIRTH_YEAR_RANGE, compilePattern, emptyToUndefined, FIRST_NAME, hasValue, normalisePhoneNumber, type PasswordComplexity } from './checks';
import { message, messages, type Message } from './messages';
import { GENERIC_FORMAT_MESSAGE, zipCodeRule, type ZipCodeRule } from './zip-code';

// The schema builders of the forms. Only the schema kit (schemas.ts) reaches this module, so yup loads when a
// form is first checked, not with the page (page weight, issue 16).

/**
 * The messages of the password policy's rules (spec 000 §5), which only passwordSchema gives: with it in the schema kit
 * rather than among the messages every form page loads (messages.ts), where they took 0.17 KB (gzipped) of each form
 * page's first load, which paid for the too-long password's message and its mapping of the service's refusal there
 * (QA spec audit, 2026-11-30; the address pages had no byte left).
 */
export const passwordMessages = {
  passwordMinLength: (minLength: number) =>
    message('global.passwordcomplexity.error.minlength', 'The password must be at least {0} characters long.', { 0: minLength }),
  /** All four groups asked for: the spec's wording. */
  passwordAllCharGroups: () =>
    message(
      'global.passwordcomplexity.error.chargroups.all',
      'The password must contain numbers, upper and lower case letters and special characters.',
    ),
  passwordCharGroups: (minCharGroups: number) =>
    message(
      'global.passwordcomplexity.error.chargroups',
      'The password must contain characters from at least {0} of these groups: lower case letters, upper case letters, numbers, special characters.',
      { 0: minCharGroups },
    ),
  passwordRegex: () => message('global.passwordcomplexity.error.regex', 'The password does not meet the requirements.'),
} as const;

/**
 * The password of registration, reset and change: required, and, once the policy is known, its minimum length
 * (in characters, not UTF-16 units), the most the service takes (the identity contract's maxBytes, in UTF-8 bytes),
 * its character groups, its optional pattern and no NUL, in the order the service checks them. Without a policy
 * (login, current password) only required: a password only asked for is the service's to judge, and one with a NUL
 * is a wrong one there (403042), as no account has such a password (the identity contract's passwordPolicy).
 */
export function passwordSchema(policy?: PasswordComplexity, required: Message = messages.passwordRequired()) {
  let schema = yup.string().required(required);
  if (!policy) return schema;
  const { minLength, minCharGroups, regExp } = policy;
  schema = schema
    .test('minLength', passwordMessages.passwordMinLength(minLength), (value) => !value || passwordLength(value) >= minLength)
    // The service refused a longer one with its English words on the German page (QA spec audit, 2026-11-30).
    .test('maxBytes', function maxBytes(value) {
      return !value || !passwordTooLong(value) || this.createError({ message: messages.passwordTooLong(value) });
    })
    .test(
      'charGroups',
      minCharGroups >= 4 ? passwordMessages.passwordAllCharGroups() : passwordMessages.passwordCharGroups(minCharGroups),
      (value) => !value || charGroupCount(value) >= minCharGroups,
    );
  const pattern = regExp ? compilePattern(regExp) : undefined;
  if (pattern) schema = schema.test('regex', passwordMessages.passwordRegex(), (value) => !value || pattern.test(value));
  // The format's text: the NUL shows as nothing, and was pasted rather than typed (QA, 2026-12-01: the service's
  // refusal of it was the form's general error). Other controls are characters of a password, as the service takes them.
  return schema.test('nul', messages.format('password'), (value) => !value?.includes('\0'));
}

/** A new password: the policy, and different from the current password in the sibling field `currentPasswordField`. */
export function newPasswordSchema(policy: PasswordComplexity | undefined, currentPasswordField = 'currentPassword') {
  return passwordSchema(policy).test('differs', messages.passwordSameAsOld(), function differs(value) {
    const current: unknown = (this.parent as Record<string, unknown> | undefined)?.[currentPasswordField];
    return !value || !current || value !== current;
  });
}

/** The retyped password: equal to the sibling field `passwordField`. */
export function retypePasswordSchema(passwordField = 'password') {
  return yup
    .string()
    .required(messages.passwordRequired())
    .test('matches', messages.retypeMismatch(), function matches(value) {
      const password: unknown = (this.parent as Record<string, unknown> | undefined)?.[passwordField];
      return !value || value === password;
    });
}

/** A checkbox that must be ticked: the terms of use (default message) or the preference centre's opt-in. */
export function consentSchema(missing: Message = messages.consentMissing()) {
  return yup.boolean().required(missing).isTrue(missing);
}

/**
 * An e-mail address by the identity provider's rule (isEmailAddress: the one the service applies, so the form refuses
 * what the service would; yup's own rule took "max@mustermann", QA); `required` is the message when it is missing
 * (login: the schema's, reset: global.email.required).
 */
export function emailSchema({ field = 'profile.email', required }: { field?: string; required?: Message } = {}) {
  const schema = yup.string().trim().test('email', messages.format(field), (value) => !value || isEmailAddress(value));
  return required ? schema.test('required', required, hasValue) : schema;
}

/**
 * Whether a phone number written as shoppers write it is one the product takes, e.g. +4912345678 or
 * "+48 123 456 789": normalised as the save sends it, then the identity contract's phone rule (phoneNumberFault), the
 * one the service stores numbers by. With the phone's rule here rather than among the checks pages render with
 * (checks.ts), as only the rule needs it: the forms chunk every form page loads first holds only the normalising the
 * save needs (page weight).
 */
export function isValidPhoneNumber(value: string): boolean {
  return phoneNumberFault(normalisePhoneNumber(value)) === undefined;
}

/**
 * A number of a country whose numbers have one length (the identity contract's PhoneNumberLengths) with another: the
 * length, which the format's text does not say (QA phone round: "+4812345678" was told the German example). Only
 * phoneSchema gives it, so it is here rather than among the messages every form page loads, and its texts are the
 * account portal's profile texts, which the pages that take a phone load (personal data, finalize), not the shared
 * ones of every first page (page weight).
 */
export const phoneLengthMessage = (countryCode: string, digits: number) =>
  message(
    'global.phone.error.length',
    'Phone numbers starting with +{countryCode} have {digits} digits after the country code.',
    { countryCode, digits },
  );

/**
 * The phone number of the profile (an empty one is left to the required rule), checked as the service stores it and
 * the pages send it (normalisePhoneNumber): so a pattern of the identity schema on top of this rule holds the number
 * without the spaces the shopper wrote it with. `example` is the number the format error names ({example}), the one
 * of the site's country that the field's hint names too (phone-examples.ts, phoneExample); the pages with a phone
 * field pass it, as the table is theirs, not this kit's. A form that passes none names spec 000 §5's example rather
 * than showing "{example}".
 */
export function phoneSchema(field = 'profile.phones.number', example = '+4912345678') {
  const formatMessage = { ...messages.phoneFormat(field), values: { example } };
  return yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? normalisePhoneNumber(value) : value))
    .test('phone', function phone(value) {
      const fault = value ? phoneNumberFault(value) : undefined;
      if (!fault) return true;
      return this.createError({ message: fault === 'format' ? formatMessage : phoneLengthMessage(fault.countryCode, fault.digits) });
    });
}

/** The year of birth: a whole number from 1900 to 2020, or a narrower range from the identity schema. */
export function birthYearSchema(min: number = BIRTH_YEAR_RANGE.min, max: number = BIRTH_YEAR_RANGE.max) {
  const outOfRange = messages.birthYearRange(min, max);
  return yup.number().transform(emptyToUndefined).typeError(outOfRange).integer(outOfRange).min(min, outOfRange).max(max, outOfRange);
}

/**
 * The most characters the service takes in a field of an address: the identity contract's textLength.address (from
 * text-length.gen.ts, which loads with the forms' rules, not with every page as the contract's first module does).
 */
export const ADDRESS_TEXT_MAX_LENGTH = TextMaxLength.address;

/**
 * The most characters of an address's house number, the contract's textLength.streetNo: it took the 200 of every
 * address text, and a house number of 60 characters was stored (QA, 2026-12-01).
 */
export const STREET_NO_MAX_LENGTH = TextMaxLength.streetNo;

/** The most characters of a first or a last name, in the profile as in an address: the contract's personName.maxLength. */
export const PERSON_NAME_MAX_LENGTH = PersonNameMaxLength;

/**
 * What the service says of a too long `field` (400006), in the keys of either app: the
 * account portal's `ap.errors.{field}.400006` and the preference centre's `mpp.errors.400006.{field}` (spec 000 §5,
 * 001 §5), so that a form refusing the length first says what the service would, not that the value is malformed (QA
 * languages round of 2026-11-30: 201 letters of a first name were told "letters only", a long street "format"). Its
 * texts name the limit, `{max}`: the rule that checks it fills it in (maxLengthTest), the pages the service's refusal
 * (mapValidationErrors' values).
 */
export function tooLongMessage(field: string, fallback = 'The value can have at most {max} characters.'): Message {
  const code = ErrorCode.INVALID_PARAMETER;
  return message([`ap.errors.${field}.${code}`, `mpp.errors.${code}.${field}`], fallback);
}

/**
 * At most `maxLength` characters, counted as the service counts them: code points after trimming and composing (NFC);
 * else `tooLong` naming that limit ({max}), so that the shopper knows how much to cut (the texts said only "shorter",
 * QA 2026-11-30) and the number said is the one checked.
 */
function maxLengthTest(schema: yup.StringSchema, tooLong: Message, maxLength: number) {
  const named = { ...tooLong, values: { ...tooLong.values, max: maxLength } };
  return schema.test('maxLength', named, (value) => !value || [...value.normalize('NFC')].length <= maxLength);
}

/** A text of an address trimmed as the service trims it (trimInvisible): a yup transform; anything but a text stays as it is. */
export function invisibleTrimmed(value: unknown): unknown {
  return typeof value === 'string' ? trimInvisible(value) : value;
}

/**
 * A text of an address entry (the street, the house number, the city) as the service holds it: trimmed of what shows
 * nothing at its ends (invisibleTrimmed); at most `maxLength` characters (an address text's, the house number's
 * STREET_NO_MAX_LENGTH), else `tooLong`; and then, as every text of the schema, shown as it was sent (no more combining
 * marks in a row than the contract's, none of the letters that show nothing, no control: hasTextControl) and by the
 * contract's rule of a place's text (isPlaceText: a letter or a digit, no emoji, other symbol or format character),
 * else `invalid`: in the service's order (400006, then 400026). The form checked the length only, so a street of a
 * Hangul filler or a letter with 11 accents was refused only by the service, once saved (QA, 2026-11-30); it took an
 * emoji alone as a town, a bell or a pasted tab inside a street (QA, 2026-12-01), and "München😀" or a zero-width
 * joiner inside a town, which names refuse (QA).
 */
export function addressTextSchema(invalid: Message, tooLong: Message, maxLength: number = ADDRESS_TEXT_MAX_LENGTH) {
  const text = maxLengthTest(yup.string().transform(invisibleTrimmed), tooLong, maxLength);
  // Composed (NFC), as the service composes a text before it checks it.
  return text.test(
    'format',
    invalid,
    (value) => {
      const text = value?.normalize('NFC');
      return !text || (textShowsAsSent(text) && !hasTextControl(text) && isPlaceText(text));
    },
  );
}

/**
 * A first or a last name as the service holds it: the identity contract's person-name rule (FIRST_NAME) and what every
 * text of the schema holds to (textShowsAsSent: no more combining marks in a row than the contract's, and none of the
 * letters that show nothing, which the name pattern takes as letters), tested as the service tests them, trimmed and
 * composed (NFC), else `invalid`, and at most `maxLength` characters (a name's, or where the form has a field's own limit, an address's
 * ADDRESS_TEXT_MAX_LENGTH), else `tooLong`. The address form's last name had no pattern and stopped at 100 characters,
 * half of what the service takes (QA); the profile's names had no limit, and the service took 1,000 characters there
 * (QA bad-input round of 2026-11-29). Composed first since the rule takes the Catalan middle dot (2026-11-30), which a
 * Greek keyboard types as U+0387, one with it once composed. The form took "\u3164" and a letter with 11 accents,
 * which the service then refused on saving (QA, 2026-11-30).
 */
export function personNameSchema(invalid: Message, tooLong: Message, maxLength = PERSON_NAME_MAX_LENGTH) {
  const named = yup
    .string()
    .trim()
    .test('format', invalid, (value) => {
      const text = value?.normalize('NFC');
      return !text || (FIRST_NAME.test(text) && textShowsAsSent(text));
    });
  return maxLengthTest(named, tooLong, maxLength);
}

/**
 * A first or a last name (`word`), in the profile (`profile.firstName`, `profile.lastName`) or in an address
 * (`data.addressBook.firstName`, with an address text's `maxLength`): the person-name rule, in the words of the
 * service's refusals of the field. What the service says of a name it does not take (400026) the form's own check says
 * too: the account portal's `ap.errors.{field}.400026` or the preference centre's `mpp.errors.400026.{field}` (spec 000
 * §5, 001 §5), which say what a name may hold, unless a deployment has a text of its own (`gigya.schema.{field}`). One
 * text a name wherever it is, the profile's or an address's, in the form and from the service: only the personal data
 * form's own check said what a first name holds; the service's refusal there, the address's names and every last name
 * said "Please enter a valid … name." (QA, 2026-12-01). The last name had no rule of its own and ran the schema's
 * pattern on the value as typed: "  d'Ärger  " was refused in the browser with the generic format text, which the
 * service takes (QA spec audit, 2026-11-30). Written here, in the schema kit, rather than in the messages of every form
 * page (page weight).
 */
function nameSchema(word: 'first' | 'last') {
  return (field = `profile.${word}Name`, maxLength = PERSON_NAME_MAX_LENGTH) => {
    const code = ErrorCode.INVALID_FORMAT;
    const invalid = message(
      [`gigya.schema.${field}`, `ap.errors.${field}.${code}`, `mpp.errors.${code}.${field}`],
      `Please enter a ${word} name made of letters; spaces, hyphens, apostrophes, full stops and middle dots are allowed.`,
    );
    return personNameSchema(invalid, tooLongMessage(field, `The ${word} name can have at most {max} characters.`), maxLength);
  };
}

export const firstNameSchema = nameSchema('first');
export const lastNameSchema = nameSchema('last');

/**
 * The postcode for the country in the sibling field `countryField`, by the rules of metadata `validation.zipCode`
 * (reusing `zipCodeRule`): the configured error message, which may be a message key or a text, or the generic
 * format message. Formik validates the whole form on every change, so the postcode is checked again when the
 * country changes.
 */
export function postcodeSchema(rules: Record<string, ZipCodeRule>, { field = 'profile.zip', countryField = 'country' } = {}) {
  return yup.string().when(countryField, ([country], schema: yup.StringSchema) => {
    if (!country) return schema;
    const rule = zipCodeRule(rules, String(country));
    const pattern = compilePattern(rule.regex);
    if (!pattern) return schema;
    const configured = rule.errorMessage && rule.errorMessage !== GENERIC_FORMAT_MESSAGE ? rule.errorMessage : undefined;
    const invalid = configured ? message(configured, configured) : messages.format(field);
    return schema.trim().matches(pattern, { message: invalid, excludeEmptyString: true });
  });
}

