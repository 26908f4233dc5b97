import { useMutation } from '@tanstack/react-query';
import type { Message } from '@portal/forms';
import { isAccountDisabled, isPasswordTokenInvalid, isSamePassword, isSuccess, useIdentity, type IdentityProvider } from '@portal/identity';
import { failureCode } from '../../../shared/call-failure';
import { refusedPasswordMessage } from '../../../shared/identity-settings';
import { forgetResetLoginId, readResetLoginId } from '../reset-login-id';

export interface NewPasswordValues {
  password: string;
  retypePassword: string;
}

/** What setting the new password led to (spec 000 §4 and §8). */
export type CompleteResetOutcome =
  | { kind: 'changed' }
  /** 403025: the link expired, was used already or is unknown. */
  | { kind: 'linkInvalid' }
  /** 400006 with details 100001: the new password is the current one (spec 000 §5, §8); the link stays valid. */
  | { kind: 'samePassword' }
  /**
   * 403041: an operator blocked the account; the link is held, not spent, and works once the block is lifted (QA
   * operator round of 2026-11-30: the block used to spend it).
   */
  | { kind: 'blocked' }
  /** The provider refused the new password (its policy, a common password): refusedPasswordMessage. */
  | { kind: 'passwordRefused'; message: Message }
  | { kind: 'unexpected'; code: number | string };

/** resetPassword step 2 with the token from the mail's link and the new password (spec 000 §7). */
export async function completePasswordReset(provider: IdentityProvider, passwordResetToken: string, newPassword: string): Promise<CompleteResetOutcome> {
  let answer;
  try {
    answer = await provider.resetPassword({ passwordResetToken, newPassword });
  } catch (error) {
    return { kind: 'unexpected', code: failureCode(error) };
  }
  if (isSuccess(answer)) return { kind: 'changed' };
  if (isPasswordTokenInvalid(answer)) return { kind: 'linkInvalid' };
  if (isSamePassword(answer)) return { kind: 'samePassword' };
  if (isAccountDisabled(answer)) return { kind: 'blocked' };
  const refused = refusedPasswordMessage(answer, newPassword);
  if (refused) return { kind: 'passwordRefused', message: refused };
  return { kind: 'unexpected', code: answer.errorCode };
}

/**
 * The automatic login after a reset (spec 000 §4) with the login ID kept when the reset was asked for; the
 * kept ID is forgotten whatever the answer (a login event forgets it as well). False when there is none or the
 * login did not succeed: the shopper then logs in on the login page, which explains any refusal.
 */
export async function logInAfterReset(provider: IdentityProvider, newPassword: string): Promise<boolean> {
  const loginID = readResetLoginId();
  if (!loginID) return false;
  forgetResetLoginId();
  try {
    return isSuccess(await provider.login({ loginID, password: newPassword }));
  } catch {
    return false;
  }
}

export function useCompletePasswordReset() {
  const { provider } = useIdentity();
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) => completePasswordReset(provider, token, password),
  });
}

export function useLogInAfterReset() {
  const { provider } = useIdentity();
  return useMutation({ mutationFn: (password: string) => logInAfterReset(provider, password) });
}
