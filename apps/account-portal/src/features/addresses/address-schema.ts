import { firstNameSchema, formSchema, hasValue, message, messages, zipCodeSchema, type ZipCodeRule } from '@portal/forms';
import * as yup from 'yup';
import { ADDRESS_COUNTRIES } from './countries';

const FIELD = 'data.addressBook';

function required(field: string, rule: yup.Schema = yup.string()) {
  return rule.test('required', messages.required(`${FIELD}.${field}`), hasValue);
}

/**
 * The rules of the address form: every field but the salutation is required, names as in the profile, the
 * postcode by the rule of the chosen country from metadata `validation.zipCode` (checked again whenever the
 * country changes, as formik validates the whole form on every change).
 */
export function addressSchema(zipCodeRules: Record<string, ZipCodeRule>) {
  return formSchema({
    salutation: yup.string().oneOf(['', 'mr', 'mrs', 'div']),
    firstName: required('firstName', firstNameSchema(`${FIELD}.firstName`)),
    lastName: required('lastName', yup.string().trim().max(100, messages.format(`${FIELD}.lastName`))),
    street: required('street', yup.string().trim().max(200, messages.format(`${FIELD}.street`))),
    streetNo: required('streetNo', yup.string().trim().max(20, messages.format(`${FIELD}.streetNo`))),
    zip: required('zip', zipCodeSchema(zipCodeRules, 'country')),
    city: required('city', yup.string().trim().max(100, messages.format(`${FIELD}.city`))),
    country: required(
      'country',
      yup.string().test('country', message(`gigya.schema.${FIELD}.country`, 'Please choose a country.'), (value) => !value || (ADDRESS_COUNTRIES as readonly string[]).includes(value)),
    ),
    isStandardAddress: yup.boolean(),
  });
}
