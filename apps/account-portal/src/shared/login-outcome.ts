import {
  isAccountDisabled,
  isAccountNotActivated,
  isInvalidLogin,
  isInvalidParameter,
  isLockedOut,
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
  | { kind: 'unverified' }
  | { kind: 'notActivated' }
  | { kind: 'linkAccounts'; regToken: string }
  | { kind: 'invalidCredentials' }
  | { kind: 'blocked' }
  | { kind: 'lockedOut' }
  | { kind: 'customError' }
  | { kind: 'unexpected'; code: number | string };

export function loginOutcome(answer: Envelope): LoginOutcome {
  if (isSuccess(answer)) return { kind: 'loggedIn' };
  if (isPendingRegistration(answer)) return { kind: 'finalize', regToken: answer.regToken };
  if (isPendingVerification(answer) || isRegistrationUnverified(answer)) return { kind: 'unverified' };
  if (isAccountNotActivated(answer)) return { kind: 'notActivated' };
  if (isSocialConflict(answer)) return { kind: 'linkAccounts', regToken: answer.regToken };
  if (isInvalidLogin(answer)) return { kind: 'invalidCredentials' };
  if (isAccountDisabled(answer)) return { kind: 'blocked' };
  if (isLockedOut(answer)) return { kind: 'lockedOut' };
  // 400006 with any other custom message (spec 000 §8).
  if (isInvalidParameter(answer)) return { kind: 'customError' };
  return { kind: 'unexpected', code: answer.errorCode };
}
