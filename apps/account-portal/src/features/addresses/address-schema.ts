import type { Schema } from 'yup';
import { hasValue, message, messages, type SchemaKit, type ZipCodeRule } from '@portal/forms';
import { ADDRESS_COUNTRIES } from '@portal/i18n/country';

const FIELD = 'data.addressBook';

/**
 * The rules of the address form: every field but the salutation is required, names as in the profile, the
 * postcode by the rule of the chosen country from metadata `validation.zipCode` (checked again whenever the
 * country changes, as formik validates the whole form on every change).
 */
export function addressSchema({ yup, firstNameSchema, formSchema, postcodeSchema }: SchemaKit, zipCodeRules: Record<string, ZipCodeRule>) {
  const required = (field: string, rule: Schema = yup.string()) => rule.test('required', messages.required(`${FIELD}.${field}`), hasValue);
  return formSchema({
    salutation: yup.string().oneOf(['', 'mr', 'mrs', 'div']),
    firstName: required('firstName', firstNameSchema(`${FIELD}.firstName`)),
    lastName: required('lastName', yup.string().trim().max(100, messages.format(`${FIELD}.lastName`))),
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
