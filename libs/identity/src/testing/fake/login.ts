import { ErrorCode } from '../../envelope';
import type { IdentityProvider } from '../../types';
import { LOCKOUT_TIME, LOCKOUT_WINDOW } from './model';
import { missingFields } from './rules';
import type { FakeStore } from './store';
import { linkSocialIdentity } from './social';
import { listOf } from './values';

type LoginMethods = Pick<IdentityProvider, 'login' | 'logout'>;

/** Logging in with e-mail and password (with lockout, and linking a social identity), and logging out. */
export function loginMethods(store: FakeStore): LoginMethods {
  return {
    async login(params) {
      await store.guard('login', params);
      const acc = store.byEmail(params.loginID);
      if (!acc?.password || !acc.isRegistered) return store.fail(ErrorCode.INVALID_LOGIN, 'invalid loginID or password');
      if (acc.lockedUntil > store.now()) return store.fail(ErrorCode.LOCKED_OUT, 'Account temporarily locked out');
      if (params.password !== acc.password) {
        acc.failures = acc.failures.filter((t) => t > store.now() - LOCKOUT_WINDOW).concat(store.now());
        if (acc.failures.length >= (store.policies.security?.accountLockout?.failedLoginThreshold ?? 5)) {
          acc.lockedUntil = store.now() + LOCKOUT_TIME;
          acc.failures = [];
        }
        return store.fail(ErrorCode.INVALID_LOGIN, 'invalid loginID or password');
      }
      acc.failures = [];
      if (acc.disabled) return store.fail(ErrorCode.ACCOUNT_DISABLED, 'Account disabled');
      if (params.loginMode === 'link') {
        const refused = linkSocialIdentity(store, acc, params.regToken);
        if (refused) return refused;
      }
      const missing = missingFields(store, acc);
      if (missing.length > 0) {
        const withMissing = listOf(params.include).includes('missing-required-fields');
        return store.fail(ErrorCode.PENDING_REGISTRATION, 'Account Pending Registration', {
          regToken: store.registrationToken(acc),
          ...(withMissing ? { missingRequiredFields: missing } : {}),
        });
      }
      if (!acc.isVerified) return store.fail(ErrorCode.PENDING_VERIFICATION, 'Account Pending Verification', { regToken: store.registrationToken(acc) });
      return store.startSession(acc, 'site', false, params.include);
    },

    async logout() {
      await store.guard('logout', {});
      store.session = undefined;
      store.events.emitLogout();
      return store.ok();
    },
  };
}
