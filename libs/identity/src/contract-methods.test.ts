import { ErrorCatalogue, ErrorCode, IdentityApiMethods } from '@portal/identity-contract';
import { SAME_PASSWORD_DETAILS, statusCodeOf, errorMessageOf, isSuccess } from './envelope';
import { IDENTITY_METHODS, OWN_DATA_METHODS, PASSKEY_METHODS } from './types';

describe('the generated identity contract', () => {
  it('documents exactly the methods of the IdentityProvider interface (the optional own-data ones included)', () => {
    expect(Object.keys(IdentityApiMethods).sort()).toEqual([...IDENTITY_METHODS, ...OWN_DATA_METHODS, ...PASSKEY_METHODS].sort());
  });

  // Code is written against these names; the contract file may add codes, never rename these.
  it('keeps the names apps and libraries use', () => {
    const names = [
      'OK', 'CANCELLED', 'STALE_LINK_TOKEN', 'PENDING_REGISTRATION', 'PENDING_VERIFICATION', 'ACCOUNT_NOT_ACTIVATED',
      'INVALID_PARAMETER', 'VALIDATION', 'FREQUENCY_LIMIT', 'UNIQUE_IDENTIFIER_EXISTS', 'ACTIVATION_EXPIRED', 'UNAUTHORIZED',
      'PASSWORD_TOKEN_INVALID', 'ACCOUNT_DISABLED', 'INVALID_LOGIN', 'SOCIAL_CONFLICT', 'LOGIN_ID_UNKNOWN', 'LOCKED_OUT',
      'MISSING_REQUIRED_PARAMETER', 'MISSING_REQUIRED_VALUE', 'INVALID_FORMAT', 'READ_ONLY_FIELD', 'PROVIDER_ERROR',
    ];
    expect(Object.keys(ErrorCode)).toEqual(expect.arrayContaining(names));
    expect(SAME_PASSWORD_DETAILS).toBe('100001');
  });

  it('has one catalogue entry per code, with the status the envelope derives', () => {
    expect(ErrorCatalogue.map((c) => c.name).sort()).toEqual(Object.keys(ErrorCode).sort());
    for (const entry of ErrorCatalogue) {
      expect(entry.code).toBe(ErrorCode[entry.name]);
      expect(statusCodeOf(entry.code)).toBe(entry.status);
      expect(errorMessageOf(entry.code)).toBe(entry.message);
      expect(isSuccess({ errorCode: entry.code })).toBe(entry.outcome === 'success');
    }
    expect(isSuccess({ errorCode: ErrorCode.STALE_LINK_TOKEN })).toBe(true);
    expect(isSuccess({ errorCode: ErrorCode.CANCELLED })).toBe(false);
  });
});
