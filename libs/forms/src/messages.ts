import { PasswordPolicyDefaults } from '@portal/identity-contract';
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
  /**
   * The password is longer than the service takes (the identity contract's passwordPolicy.maxBytes): the form's own check
   * and the service's refusal alike (refusedPasswordMessage), in the part of the account portal's texts every page with a
   * new password loads. The policy's other messages only its rule gives, and they are with it (rules.ts, passwordMessages).
   * It names the limit ({max}), so that the shopper knows how much to cut (it said only "too long", QA 2026-11-30): in
   * characters where that is true of the password typed, one of characters of a byte each (A–Z, digits, ! and #), else
   * as the limit for those characters, which the others (an umlaut, an emoji) count two to four times towards.
   */
  passwordTooLong: (password: string) =>
    message(
      /^\p{ASCII}*$/u.test(password) ? 'clp.registration.password.tooLong' : 'clp.registration.password.tooLong.bytes',
      'The password can have at most {max} plain characters (A–Z, digits, ! or #); others count two to four times.',
      { max: PasswordPolicyDefaults.maxBytes },
    ),
  passwordSameAsOld: () => message('global.password.error.same', 'The new password must be different from the old one.'),
  passwordCommon: () =>
    message('global.password.error.common', 'This password is too common: it appears in lists of stolen passwords. Please choose another one.'),
  retypeMismatch: () => message('clp.resetpassword.retypepassword.mismatch', "The passwords you entered don't match."),
  consentMissing: () => message('clp.registration.iconsent.missing', 'Please agree to the terms and conditions of use.'),
  birthYearRange: (min: number, max: number) =>
    message('global.birthyear.error.range', 'The year of birth must be between {min} and {max}.', { min, max }),
  /** Its `{example}` is the site's country's number, which the phone's rule (phoneSchema) puts in. */
  phoneFormat: (field = 'profile.phones.number') =>
    message(
      [`gigya.schema.${field}`, 'global.phone.error.format'],
      'Please enter the phone number with a plus sign, country code and digits, e.g. {example}.',
    ),
} as const;
