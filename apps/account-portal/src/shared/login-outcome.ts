import {
  isAccountDisabled,
  isAccountNotActivated,
  isInvalidLogin,
  isInvalidParameter,
  isLockedOut,
  isLoginIdUnknown,
  isPendingRegistration,
  isPendingVerification,
  isRegistrationUnverified,
  isSocialConflict,
  isSuccess,
  type Envelope,
} from '@portal/identity';

/** What a login answer means for the login page (spec 000 §4 and §8). */
export type LoginOutcome =
  | { kind: 'loggedIn' }
  | { kind: 'finalize'; regToken: string }
  /** regToken: the pending account's, for a new verification mail where no address was typed (a passkey login). */
  | { kind: 'unverified'; regToken?: string }
  | { kind: 'notActivated' }
  | { kind: 'linkAccounts'; regToken: string }
  | { kind: 'invalidCredentials' }
  /** 403047: no account has this login ID (spec 000 §8). The embedded provider answers that with 403042 (no account enumeration). */
  | { kind: 'unknownUser' }
  | { kind: 'blocked' }
  | { kind: 'lockedOut' }
  | { kind: 'customError' }
  | { kind: 'invalidForm' }
  | { kind: 'unexpected'; code: number | string };

export function loginOutcome(answer: Envelope): LoginOutcome {
  if (isSuccess(answer)) return { kind: 'loggedIn' };
  if (isPendingRegistration(answer)) return { kind: 'finalize', regToken: answer.regToken };
  if (isPendingVerification(answer)) return { kind: 'unverified', regToken: answer.regToken || undefined };
  if (isRegistrationUnverified(answer)) return { kind: 'unverified' };
  if (isAccountNotActivated(answer)) return { kind: 'notActivated' };
  if (isSocialConflict(answer)) return { kind: 'linkAccounts', regToken: answer.regToken };
  if (isInvalidLogin(answer)) return { kind: 'invalidCredentials' };
  if (isLoginIdUnknown(answer)) return { kind: 'unknownUser' };
  if (isAccountDisabled(answer)) return { kind: 'blocked' };
  if (isLockedOut(answer)) return { kind: 'lockedOut' };
  // 400006: the general form text; with any other custom message, the custom error (spec 000 §8). A custom message
  // comes in the details; details that only repeat the error message (as the provider's usually do) are none.
  if (isInvalidParameter(answer)) {
    return answer.errorDetails && answer.errorDetails !== answer.errorMessage ? { kind: 'customError' } : { kind: 'invalidForm' };
  }
  return { kind: 'unexpected', code: answer.errorCode };
}
