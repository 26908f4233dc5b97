import { ErrorCode, type ValidationError } from '../../envelope';
import type { IdentityProvider } from '../../types';
import { writeAccount } from './account-data';
import { REG_TOKEN_LIFETIME } from './model';
import { checkSections, missingFields, passwordProblem } from './rules';
import type { FakeStore } from './store';
import { EMAIL } from './values';

type RegistrationMethods = Pick<IdentityProvider, 'initRegistration' | 'register' | 'finalizeRegistration' | 'resendVerificationCode'>;

/** Registering, finishing a registration and verifying the e-mail address. */
export function registrationMethods(store: FakeStore): RegistrationMethods {
  return {
    async initRegistration(params = {}) {
      await store.guard('initRegistration', params);
      return store.ok({ regToken: store.issue('registration', REG_TOKEN_LIFETIME).token });
    },

    async register(params) {
      await store.guard('register', params);
      const token = store.valid(params.regToken, ['registration']);
      if (!token) return store.fail(ErrorCode.INVALID_PARAMETER, 'Invalid regToken');
      const errors: ValidationError[] = [];
      const email = typeof params.email === 'string' ? params.email.trim() : '';
      if (!email) errors.push({ fieldName: 'email', errorCode: ErrorCode.MISSING_REQUIRED_VALUE, message: 'Missing required field' });
      else if (!EMAIL.test(email)) errors.push({ fieldName: 'email', errorCode: ErrorCode.INVALID_FORMAT, message: 'Invalid email format' });
      if (!params.password) errors.push({ fieldName: 'password', errorCode: ErrorCode.MISSING_REQUIRED_VALUE, message: 'Missing required field' });
      else {
        const problem = passwordProblem(store, params.password);
        if (problem) errors.push({ fieldName: 'password', errorCode: ErrorCode.INVALID_PARAMETER, message: problem });
      }
      const checked = checkSections(store, params.profile, params.data);
      if (checked.readOnly) return store.fail(ErrorCode.READ_ONLY_FIELD, checked.readOnly);
      errors.push(...checked.errors);
      const existing = store.byEmail(email);
      if (existing?.isRegistered && !errors.some((e) => e.fieldName === 'email')) {
        errors.push({ fieldName: 'email', errorCode: ErrorCode.UNIQUE_IDENTIFIER_EXISTS, message: 'email already exists' });
      }
      if (errors.length > 0) return store.validationFailed(errors);

      const acc = existing ?? store.newAccount(email);
      acc.password = params.password;
      acc.isRegistered = true;
      acc.isVerified = false;
      acc.regSource = params.regSource;
      acc.created = store.now();
      writeAccount(store, acc, { ...params, profile: { ...(params.profile ?? {}), email: acc.email } });
      token.used = true;
      const missing = missingFields(store, acc);
      if (missing.length > 0) {
        return store.fail(ErrorCode.PENDING_REGISTRATION, 'Account Pending Registration', { regToken: store.registrationToken(acc), UID: acc.UID });
      }
      store.sendVerification(acc);
      return store.fail(ErrorCode.PENDING_VERIFICATION, 'Account Pending Verification', { regToken: store.registrationToken(acc), UID: acc.UID });
    },

    async finalizeRegistration(params) {
      await store.guard('finalizeRegistration', params);
      const token = store.valid(params.regToken, ['registration']);
      const acc = token?.UID === undefined ? undefined : store.accounts.get(token.UID);
      if (!token || !acc) return store.fail(ErrorCode.INVALID_PARAMETER, 'Invalid regToken');
      if (missingFields(store, acc).length > 0) return store.fail(ErrorCode.PENDING_REGISTRATION, 'Account Pending Registration', { regToken: token.token });
      if (!acc.isVerified) {
        if (acc.deleteAfter === undefined) store.sendVerification(acc);
        return store.fail(ErrorCode.PENDING_VERIFICATION, 'Account Pending Verification', { regToken: token.token });
      }
      token.used = true;
      return store.startSession(acc, acc.social.length > 0 && !acc.password ? (acc.social[0]?.provider ?? 'site') : 'site', true, params.include);
    },

    async resendVerificationCode(params) {
      await store.guard('resendVerificationCode', params);
      const acc = 'regToken' in params ? store.tokenAccount(params.regToken) : store.byEmail(params.email);
      if (!acc?.isRegistered || acc.isVerified) return store.fail(ErrorCode.INVALID_PARAMETER, 'unknown or already verified');
      store.sendVerification(acc);
      return store.ok();
    },
  };
}

/** Follows a verification link; answers where the browser lands (`/double-opt-in-done?errorCode=…`). */
export function openVerificationLink(store: FakeStore, value: string): string {
  const token = store.tokens.get(value);
  if (!token || token.kind !== 'verification' || token.used) return '/double-opt-in-done?errorCode=404000';
  if (token.expiresAt <= store.now()) return '/double-opt-in-done?errorCode=403002';
  const acc = token.UID === undefined ? undefined : store.accounts.get(token.UID);
  if (!acc) return '/double-opt-in-done?errorCode=404000';
  token.used = true;
  acc.isVerified = true;
  acc.deleteAfter = undefined;
  return '/double-opt-in-done?errorCode=0';
}
