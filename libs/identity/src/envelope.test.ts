import {
  ErrorCode,
  isInvalidLogin,
  isPendingRegistration,
  isRegistrationUnverified,
  isRecentLoginRequired,
  isSamePassword,
  isSocialConflict,
  isSuccess,
} from './envelope';

describe('envelope guards', () => {
  it.each([
    [0, true],
    [200009, true],
    [206001, false],
    [403042, false],
  ])('isSuccess(%d) is %s', (errorCode, expected) => {
    expect(isSuccess({ errorCode })).toBe(expected);
  });

  it('treats a pending registration without regToken as not finishable', () => {
    expect(isPendingRegistration({ errorCode: ErrorCode.PENDING_REGISTRATION })).toBe(false);
    expect(isPendingRegistration({ errorCode: ErrorCode.PENDING_REGISTRATION, regToken: 'rt' })).toBe(true);
  });

  it('recognises the social conflict only with its regToken', () => {
    expect(isSocialConflict({ errorCode: 403043, regToken: 'rt' })).toBe(true);
    expect(isSocialConflict({ errorCode: 403043 })).toBe(false);
  });

  it('answers wrong password and missing session alike', () => {
    expect(isInvalidLogin({ errorCode: 403042 })).toBe(true);
    expect(isInvalidLogin({ errorCode: 403005 })).toBe(true);
    expect(isInvalidLogin({ errorCode: 403041 })).toBe(false);
  });

  it('reads the details of 400006', () => {
    expect(isRegistrationUnverified({ errorCode: 400006, errorDetails: 'REGISTRATION_UNVERIFIED' })).toBe(true);
    expect(isRegistrationUnverified({ errorCode: 400006, errorDetails: 'other' })).toBe(false);
    expect(isSamePassword({ errorCode: 400006, errorDetails: '100001' })).toBe(true);
  });

  it('reads the details of 403042', () => {
    expect(isRecentLoginRequired({ errorCode: 403042, errorDetails: 'RECENT_LOGIN_REQUIRED' })).toBe(true);
    expect(isRecentLoginRequired({ errorCode: 403042, errorDetails: 'PASSKEY_SIGNATURE' })).toBe(false);
    expect(isRecentLoginRequired({ errorCode: 400006, errorDetails: 'RECENT_LOGIN_REQUIRED' })).toBe(false);
  });
});
