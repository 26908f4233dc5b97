import type { Schema } from 'yup';
import { GENERIC_FORMAT_MESSAGE, hasValue, message, messages, type SchemaKit, type ZipCodeRule } from '@portal/forms';
import { ErrorCode } from '@portal/identity';
import { ADDRESS_COUNTRIES } from '@portal/i18n/country';

const FIELD = 'data.addressBook';

/**
 * The rules of the address form: every field but the salutation is required, names by the service's rule, the
 * postcode by the rule of the chosen country from metadata `validation.zipCode` (checked again whenever the
 * country changes, as formik validates the whole form on every change; the country's select shows that check at once:
 * SelectField's `recheck`).
 */
export function addressSchema(
  {
    yup,
    formSchema,
    firstNameSchema,
    lastNameSchema,
    postcodeSchema,
    addressTextSchema,
    invisibleTrimmed,
    tooLongMessage,
    ADDRESS_TEXT_MAX_LENGTH,
    STREET_NO_MAX_LENGTH,
  }: SchemaKit,
  zipCodeRules: Record<string, ZipCodeRule>,
) {
  // A field of nothing but what shows nothing (a pasted U+200B) is empty, as one of spaces: the service trims both off
  // an address's texts (QA, 2026-12-01: the form and the service took a street of a zero-width space).
  const required = (field: string, rule: Schema = yup.string()) =>
    rule.transform(invisibleTrimmed).test('required', messages.required(`${FIELD}.${field}`), hasValue);
  // Each field's rules in the words of the service's refusals of it: ap.errors.data.addressBook.<field>.400026 for what
  // it does not take, which says what the field holds, .400006, which names the limit, for a text too long. The names
  // are the profile's, with the profile's texts (QA, 2026-12-01: "Erika1" was told what a first name holds on the
  // personal data page, and only "Please enter a valid first name." here).
  const invalid = (field: string) => message(`ap.errors.${FIELD}.${field}.${ErrorCode.INVALID_FORMAT}`, GENERIC_FORMAT_MESSAGE);
  // The street, house number and city: the service's length and what every text of the schema holds to (shown as sent),
  // its rules of them besides controls. They stopped at 200, 20 and 100 characters with the format message, so a long
  // street or city was called malformed and a house number the service takes was refused (QA languages round of
  // 2026-11-30); a Hangul filler or a letter with 11 accents passed the form and was refused on saving (QA, 2026-11-30).
  // They follow the contract's place rule (a letter or a digit, no emoji, other symbol or format character), the house
  // number at most its own STREET_NO_MAX_LENGTH characters (QA, 2026-12-01: an emoji alone, "München😀", a zero-width
  // joiner inside a town and a house number of 60 characters were saved).
  const text = (field: string, maxLength?: number) =>
    required(field, addressTextSchema(invalid(field), tooLongMessage(`${FIELD}.${field}`), maxLength));
  return formSchema({
    salutation: yup.string().oneOf(['', 'mr', 'mrs', 'div']),
    firstName: required('firstName', firstNameSchema(`${FIELD}.firstName`, ADDRESS_TEXT_MAX_LENGTH)),
    lastName: required('lastName', lastNameSchema(`${FIELD}.lastName`, ADDRESS_TEXT_MAX_LENGTH)),
    street: text('street'),
    streetNo: text('streetNo', STREET_NO_MAX_LENGTH),
    zip: required('zip', postcodeSchema(zipCodeRules, { field: `${FIELD}.zip`, countryField: 'country' })),
    city: text('city'),
    country: required(
      'country',
      yup.string().test('country', message(`gigya.schema.${FIELD}.country`, 'Please choose a country.'), (value) => !value || (ADDRESS_COUNTRIES as readonly string[]).includes(value)),
    ),
    isStandardAddress: yup.boolean(),
  });
}
