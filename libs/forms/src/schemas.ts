// The schema kit: yup and every schema builder of the forms, in one module that pages never import. A form names
// its rules as a function of this kit (deferredSchema), and the kit loads when the form is first checked: yup
// is some 12 KB of every form page's first load otherwise (page weight, issue 16).
export * as yup from 'yup';
export { accountFormSchema, formSchema, schemaFieldRule, type AccountFormSchemaOptions, type FieldRuleOptions } from './account-schema';
export {
  ADDRESS_TEXT_MAX_LENGTH,
  addressTextSchema,
  birthYearSchema,
  consentSchema,
  emailSchema,
  firstNameSchema,
  invisibleTrimmed,
  isValidPhoneNumber,
  lastNameSchema,
  newPasswordSchema,
  passwordSchema,
  phoneSchema,
  postcodeSchema,
  retypePasswordSchema,
  STREET_NO_MAX_LENGTH,
  tooLongMessage,
} from './rules';
