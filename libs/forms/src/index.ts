export { GENERIC_FORMAT_MESSAGE, postcodeInputMode, zipCodeRule, type ZipCodeRule } from './zip-code';
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
export { SALUTATIONS } from './salutations';
export {
  BIRTH_YEAR_RANGE,
  charGroupCount,
  compilePattern,
  emptyToUndefined,
  FIRST_NAME,
  hasValue,
  normalisePhoneNumber,
  type PasswordComplexity,
} from './checks';
export {
  accountFieldName,
  findSchemaField,
  missingRequiredFields,
  parseFormat,
  type AccountSchemaDefinition,
  type FieldFormat,
  type SchemaFieldDefinition,
  type SchemaSectionDefinition,
} from './schema-fields';
export { isConnectionLost, isUnanswered, noAnswerMessage, requestFailedMessage } from './connection';
export { deferredSchema, FORM_ERROR, type DeferredSchema, type SchemaKit } from './deferred-schema';
export type { AccountFormSchemaOptions, FieldRuleOptions } from './account-schema';
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
export { FieldError, FieldFrame, useFieldError, useFieldFrame } from './fields/field-state';
export { leaveField } from './fields/after-press';
export { TextField, type TextFieldProps } from './fields/TextField';
export { PasswordField, type PasswordFieldProps } from './fields/PasswordField';
export { SelectField, type SelectFieldProps, type SelectOption } from './fields/SelectField';
export { CheckboxField, type CheckboxFieldProps } from './fields/CheckboxField';
export { BIRTH_DATE_FIELDS, DateField, joinDate, splitDate, type DateFieldNames, type DateFieldProps, type DateParts } from './fields/DateField';
export { FormError, type FormStatus } from './fields/FormError';
export { SubmitButton, type SubmitButtonProps } from './fields/SubmitButton';
export { loadRefusal } from './fields/load-refusal';
export type { RefusalText } from './fields/refused-submit';
