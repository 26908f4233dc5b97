export { GENERIC_FORMAT_MESSAGE, zipCodeRule, zipCodeSchema, type ZipCodeRule } from './zip-code';
export {
  formatMessage,
  GENERIC_REQUIRED_TEXT,
  isMessage,
  message,
  passwordRequiredMessage,
  requiredMessage,
  toMessage,
  translateMessage,
  type Message,
} from './message';
export { messages } from './messages';
export {
  BIRTH_YEAR_RANGE,
  birthYearSchema,
  charGroupCount,
  compilePattern,
  consentSchema,
  emailSchema,
  emptyToUndefined,
  FIRST_NAME,
  firstNameSchema,
  hasValue,
  isValidPhoneNumber,
  newPasswordSchema,
  passwordSchema,
  PHONE_NUMBER_LENGTHS,
  phoneSchema,
  postcodeSchema,
  retypePasswordSchema,
  type PasswordComplexity,
} from './rules';
export {
  accountFieldName,
  accountFormSchema,
  findSchemaField,
  formSchema,
  missingRequiredFields,
  parseFormat,
  schemaFieldRule,
  type AccountFormSchemaOptions,
  type AccountSchemaDefinition,
  type FieldFormat,
  type FieldRuleOptions,
  type SchemaFieldDefinition,
  type SchemaSectionDefinition,
} from './account-schema';
export {
  ACCOUNT_PORTAL_ERROR_KEYS,
  defaultFieldPath,
  mapValidationErrors,
  PREFERENCE_CENTRE_ERROR_KEYS,
  identityErrorMessage,
  serverErrorMessage,
  type IdentityErrorLike,
  type MapValidationErrorsOptions,
  type ServerValidationError,
} from './server-errors';
export { FieldError, useFieldError } from './fields/field-state';
export { TextField, type TextFieldProps } from './fields/TextField';
export { PasswordField, type PasswordFieldProps } from './fields/PasswordField';
export { SelectField, type SelectFieldProps, type SelectOption } from './fields/SelectField';
export { CheckboxField, type CheckboxFieldProps } from './fields/CheckboxField';
export { BIRTH_DATE_FIELDS, DateField, joinDate, splitDate, type DateFieldNames, type DateFieldProps, type DateParts } from './fields/DateField';
export { FormError, type FormStatus } from './fields/FormError';
export { SubmitButton, type SubmitButtonProps } from './fields/SubmitButton';
