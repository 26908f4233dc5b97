import type { Schema } from 'yup';
import { GENERIC_FORMAT_MESSAGE, hasValue, message, messages, type SchemaKit, type ZipCodeRule } from '@portal/forms';
import { ErrorCode } from '@portal/identity';
import { ADDRESS_COUNTRIES } from '@portal/i18n/country';

const FIELD = 'data.addressBook';

/**
 * The rules of the address form: every field but the salutation is required, names by the service's rule, the
 * postcode by the rule of the chosen country from metadata `validation.zipCode` (checked again whenever the
 * country changes, as formik validates the whole form on every change).
 */
export function addressSchema({ yup, formSchema, personNameSchema, postcodeSchema, ADDRESS_TEXT_MAX_LENGTH }: SchemaKit, zipCodeRules: Record<string, ZipCodeRule>) {
  const required = (field: string, rule: Schema = yup.string()) => rule.test('required', messages.required(`${FIELD}.${field}`), hasValue);
  // The service's rule of an address's names, said in the words of its refusal (ap.errors.data.addressBook.lastName.400026).
  const name = (field: string) =>
    required(field, personNameSchema(message(`ap.errors.${FIELD}.${field}.${ErrorCode.INVALID_FORMAT}`, GENERIC_FORMAT_MESSAGE), ADDRESS_TEXT_MAX_LENGTH));
  return formSchema({
    salutation: yup.string().oneOf(['', 'mr', 'mrs', 'div']),
    firstName: name('firstName'),
    lastName: name('lastName'),
    street: required('street', yup.string().trim().max(200, messages.format(`${FIELD}.street`))),
    streetNo: required('streetNo', yup.string().trim().max(20, messages.format(`${FIELD}.streetNo`))),
    zip: required('zip', postcodeSchema(zipCodeRules, { field: `${FIELD}.zip`, countryField: 'country' })),
    city: required('city', yup.string().trim().max(100, messages.format(`${FIELD}.city`))),
    country: required(
      'country',
      yup.string().test('country', message(`gigya.schema.${FIELD}.country`, 'Please choose a country.'), (value) => !value || (ADDRESS_COUNTRIES as readonly string[]).includes(value)),
    ),
    isStandardAddress: yup.boolean(),
  });
}
