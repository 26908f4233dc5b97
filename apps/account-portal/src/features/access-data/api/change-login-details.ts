import { useMutation } from '@tanstack/react-query';
import { message, messages, type Message } from '@portal/forms';
import {
  ErrorCode,
  isEmailInUse,
  isInvalidLogin,
  isRecentLoginRequired,
  isSamePassword,
  isSuccess,
  isValidationError,
  useIdentity,
  type Envelope,
  type IdentityProvider,
} from '@portal/identity';
import { wrongPasswordMessage } from '../../../shared/identity-settings';

/**
 * The provider's own text of an answer (spec 000 §5: "others show the provider text"), else the generic one with the
 * code; a refused value (400006) gets the general form text in the page's language (spec 000 §8).
 */
function providerMessage(answer: Envelope): Message {
  if (answer.errorCode === ErrorCode.INVALID_PARAMETER) return message('clp.form.error.validation', 'Please check your entries in the form.');
  const text = answer.errorDetails || answer.errorMessage;
  return text ? message(text, text) : message('clp.error.unexpected', 'An unexpected error has occurred.', { code: answer.errorCode });
}

/** Where an answer's error shows: on a field of the form, or (nothing matched) the form as a whole. */
export type ChangeOutcome<Field extends string> = { kind: 'done' } | { kind: 'error'; field: Field; message: Message };

/**
 * Step 1 of the e-mail change: the current password, checked with a login of the account's own address (the
 * provider counts failures towards its lockout, as for any login). 400002 shows global.password.required, a
 * wrong password the spec's text, other codes the provider's text.
 */
export async function confirmPassword(provider: IdentityProvider, loginID: string, password: string): Promise<ChangeOutcome<'password'>> {
  const answer = await provider.login({ loginID, password });
  if (isSuccess(answer)) return { kind: 'done' };
  if (answer.errorCode === ErrorCode.MISSING_REQUIRED_PARAMETER) return { kind: 'error', field: 'password', message: messages.passwordRequired() };
  if (isInvalidLogin(answer)) return { kind: 'error', field: 'password', message: wrongPasswordMessage() };
  return { kind: 'error', field: 'password', message: providerMessage(answer) };
}

/**
 * Step 2: the new address with the confirmed password. It takes effect once the link mailed to the new address is
 * followed; the old address is told (identity contract, setAccountInfo).
 */
export async function changeEmail(provider: IdentityProvider, email: string, password: string): Promise<ChangeOutcome<'email' | 'password'>> {
  // The confirmation mail speaks the page's language (the document's, which the app keeps), not the one the
  // account was registered in (QA), and its link keeps the page's country (nl-BE, QA). Read here rather than through
  // the site's hook: /accessdata has no bytes to spare.
  const lang = document.documentElement.lang || undefined;
  const answer = await provider.setAccountInfo({ profile: { email }, password, lang });
  if (isSuccess(answer)) return { kind: 'done' };
  if (isEmailInUse(answer)) return { kind: 'error', field: 'email', message: message('ap.accessdata.email.inUse', 'This e-mail address already has an account.') };
  if (answer.errorCode === ErrorCode.MISSING_REQUIRED_PARAMETER) return { kind: 'error', field: 'password', message: messages.passwordRequired() };
  if (isInvalidLogin(answer)) return { kind: 'error', field: 'password', message: wrongPasswordMessage() };
  if (isValidationError(answer)) {
    const onEmail = answer.validationErrors.find((error) => /(^|\.)email$/.test(error.fieldName));
    if (onEmail) return { kind: 'error', field: 'email', message: message(`ap.errors.profile.email.${onEmail.errorCode}`, onEmail.message) };
  }
  return { kind: 'error', field: 'email', message: providerMessage(answer) };
}

/**
 * The password change (spec 000 §5): 403042 and 403005 attach to the current password, every other error to the
 * new one (the same password as before: 400006 with details 100001).
 */
export async function changePassword(
  provider: IdentityProvider,
  password: string,
  newPassword: string,
): Promise<ChangeOutcome<'currentPassword' | 'newPassword'> | { kind: 'recentLogin' }> {
  const answer = await provider.setAccountInfo({ password, newPassword });
  if (isSuccess(answer)) return { kind: 'done' };
  // A first password (an account without one) needs a login of the last minutes, as adding a passkey does.
  if (isRecentLoginRequired(answer)) return { kind: 'recentLogin' };
  if (isInvalidLogin(answer)) return { kind: 'error', field: 'currentPassword', message: wrongPasswordMessage() };
  if (isSamePassword(answer)) return { kind: 'error', field: 'newPassword', message: messages.passwordSameAsOld() };
  if (isValidationError(answer) && answer.validationErrors[0]) {
    const first = answer.validationErrors[0];
    return { kind: 'error', field: 'newPassword', message: message(`ap.errors.newPassword.${first.errorCode}`, first.message) };
  }
  return { kind: 'error', field: 'newPassword', message: providerMessage(answer) };
}

export function useConfirmPassword() {
  const { provider, account } = useIdentity();
  return useMutation({ mutationFn: (password: string) => confirmPassword(provider, account.profile?.email ?? '', password) });
}

export function useChangeEmail() {
  const { provider } = useIdentity();
  return useMutation({ mutationFn: ({ email, password }: { email: string; password: string }) => changeEmail(provider, email, password) });
}

export function useChangePassword() {
  const { provider } = useIdentity();
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) => changePassword(provider, currentPassword, newPassword),
  });
}
