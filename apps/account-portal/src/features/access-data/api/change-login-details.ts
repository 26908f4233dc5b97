import { message, messages, type Message } from '@portal/forms';
import {
  ErrorCode,
  isEmailInUse,
  isInvalidLogin,
  isLockedOut,
  isRecentLoginRequired,
  isSamePassword,
  isSuccess,
  isValidationError,
  type Envelope,
  type IdentityProvider,
} from '@portal/identity';
import { withoutSessionCheck, type ShownAccountSession } from '../../../shared/shown-account-session';
import { refusedPasswordMessage, wrongPasswordMessage } from '../../../shared/identity-settings';

export { shownAccountSession } from '../../../shared/shown-account-session';

/**
 * The texts of the codes these calls can answer that the catalogue (spec 000 §8) has, and of too many mails (400125:
 * the e-mail change's mail limit): "others show the provider text" (spec 000 §5) holds for the codes it does not
 * have. The embedded provider answers in English (QA: "Account temporarily locked out" on every language's page).
 */
const catalogueKeys: Readonly<Record<number, string>> = {
  [ErrorCode.LOCKED_OUT]: 'clp.login.error.lockedOut',
  [ErrorCode.ACCOUNT_DISABLED]: 'clp.login.error.blocked',
  [ErrorCode.FREQUENCY_LIMIT]: 'ap.accessdata.email.error.mailLimit',
};

/**
 * The catalogue's text of an answer, else the provider's own text (`providerText`), else the generic one with the
 * code; a refused value (400006) gets the general form text in the page's language (spec 000 §8).
 */
function providerMessage(answer: Envelope, providerText = true): Message {
  if (answer.errorCode === ErrorCode.INVALID_PARAMETER) return message('clp.form.error.validation', 'Please check your entries in the form.');
  const text = answer.errorDetails || answer.errorMessage;
  const key = catalogueKeys[answer.errorCode] ?? (providerText ? text : undefined);
  return key ? message(key, text || key) : message('clp.error.unexpected', 'An unexpected error has occurred.', { code: answer.errorCode });
}

/** Where an answer's error shows: on a field of the form, or (nothing matched) the form as a whole. */
export type ChangeOutcome<Field extends string> = { kind: 'done' } | { kind: 'error'; field: Field; message: Message };

/**
 * Step 1 of the e-mail change: the current password, checked with a login of the account's own address (the
 * provider counts failures towards its lockout, as for any login). 400002 shows global.password.required, a
 * wrong password the spec's text, other codes providerMessage's.
 */
export async function confirmPassword(
  provider: IdentityProvider,
  loginID: string,
  password: string,
  asShown: ShownAccountSession = withoutSessionCheck,
): Promise<ChangeOutcome<'password'>> {
  const answer = await asShown(() => provider.login({ loginID, password }));
  if (isSuccess(answer)) return { kind: 'done' };
  if (answer.errorCode === ErrorCode.MISSING_REQUIRED_PARAMETER) return { kind: 'error', field: 'password', message: messages.passwordRequired() };
  if (isInvalidLogin(answer)) return { kind: 'error', field: 'password', message: wrongPasswordMessage() };
  return { kind: 'error', field: 'password', message: providerMessage(answer) };
}

/**
 * Step 2: the new address with the confirmed password. It takes effect once the link mailed to the new address is
 * followed; the old address is told (identity contract, setAccountInfo). A code the catalogue does not have gets its
 * generic text: the provider's own words are the current password check's alone (spec 000 §5).
 */
export async function changeEmail(
  provider: IdentityProvider,
  email: string,
  password: string,
  asShown: ShownAccountSession = withoutSessionCheck,
): Promise<ChangeOutcome<'email' | 'password'>> {
  // The confirmation mail speaks the page's language (the document's, which the app keeps), not the one the
  // account was registered in (QA), and its link keeps the page's country (nl-BE, QA). Read here rather than through
  // the site's hook: /accessdata has no bytes to spare.
  const lang = document.documentElement.lang || undefined;
  const answer = await asShown(() => provider.setAccountInfo({ profile: { email }, password, lang }));
  if (isSuccess(answer)) return { kind: 'done' };
  if (isEmailInUse(answer)) return { kind: 'error', field: 'email', message: message('ap.accessdata.email.inUse', 'This e-mail address already has an account.') };
  if (answer.errorCode === ErrorCode.MISSING_REQUIRED_PARAMETER) return { kind: 'error', field: 'password', message: messages.passwordRequired() };
  if (isInvalidLogin(answer)) return { kind: 'error', field: 'password', message: wrongPasswordMessage() };
  if (isValidationError(answer)) {
    const onEmail = answer.validationErrors.find((error) => /(^|\.)email$/.test(error.fieldName));
    if (onEmail) return { kind: 'error', field: 'email', message: message(`ap.errors.profile.email.${onEmail.errorCode}`, onEmail.message) };
  }
  return { kind: 'error', field: 'email', message: providerMessage(answer, false) };
}

/**
 * The password change (spec 000 §5): 403042 and 403005 attach to the current password, and so does a lockout (403120),
 * which refuses the current password's check too (QA: it stood under the new password); every other error attaches to
 * the new one (the same password as before: 400006 with details 100001), in the catalogue's words.
 */
export async function changePassword(
  provider: IdentityProvider,
  password: string,
  newPassword: string,
  asShown: ShownAccountSession = withoutSessionCheck,
): Promise<ChangeOutcome<'currentPassword' | 'newPassword'> | { kind: 'recentLogin' }> {
  const answer = await asShown(() => provider.setAccountInfo({ password, newPassword }));
  if (isSuccess(answer)) return { kind: 'done' };
  // A first password (an account without one) needs a login of the last minutes, as adding a passkey does.
  if (isRecentLoginRequired(answer)) return { kind: 'recentLogin' };
  if (isInvalidLogin(answer)) return { kind: 'error', field: 'currentPassword', message: wrongPasswordMessage() };
  if (isSamePassword(answer)) return { kind: 'error', field: 'newPassword', message: messages.passwordSameAsOld() };
  // The provider text is the current password check's (spec 000 §5); here a code the catalogue lacks reads the
  // generic text with the code (spec 000 audit: "General Server Error" under "Neues Passwort" on the German page).
  return { kind: 'error', field: isLockedOut(answer) ? 'currentPassword' : 'newPassword', message: refusedPasswordMessage(answer, newPassword) ?? providerMessage(answer, false) };
}
