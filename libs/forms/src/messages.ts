import { formatMessage, message, passwordRequiredMessage, requiredMessage } from './message';

export {
  formatMessage,
  GENERIC_FORMAT_MESSAGE,
  GENERIC_REQUIRED_TEXT,
  isMessage,
  message,
  passwordRequiredMessage,
  requiredMessage,
  toMessage,
  translateMessage,
  type Message,
} from './message';

/**
 * The product's validation messages with the spec's keys and fallback texts (spec 000 §5, spec 001 §5).
 * `{field}` is the dotted account field (`profile.firstName`, `profile.phones.number`) as the identity schema
 * and the server's `validationErrors` name it.
 */
export const messages = {
  /** `gigya.schema.{field}.required.error`, then the generic 'Please enter a value.' */
  required: requiredMessage,
  /** `gigya.schema.{field}`, then the generic format text. */
  format: formatMessage,
  emailRequired: () => message('global.email.required', 'Please enter your e-mail address.'),
  passwordRequired: passwordRequiredMessage,
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
  passwordSameAsOld: () => message('global.password.error.same', 'The new password must be different from the old one.'),
  passwordCommon: () =>
    message('global.password.error.common', 'This password is too common: it appears in lists of stolen passwords. Please choose another one.'),
  retypeMismatch: () => message('clp.resetpassword.retypepassword.mismatch', "The passwords you entered don't match."),
  consentMissing: () => message('clp.registration.iconsent.missing', 'Please agree to the terms and conditions of use.'),
  birthYearRange: (min: number, max: number) =>
    message('global.birthyear.error.range', 'The year of birth must be between {min} and {max}.', { min, max }),
  phoneFormat: (field = 'profile.phones.number') =>
    message(
      [`gigya.schema.${field}`, 'global.phone.error.format'],
      'Please enter the phone number with a plus sign, country code and digits, e.g. +4912345678.',
    ),
  firstNameFormat: (field = 'profile.firstName') =>
    message(
      [`gigya.schema.${field}`, 'global.firstname.error.format'],
      'Please enter a first name made of letters; spaces, hyphens and apostrophes are allowed.',
    ),
} as const;
