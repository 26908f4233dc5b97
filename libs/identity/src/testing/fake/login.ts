import { Lockout } from '@portal/identity-contract';
import { ErrorCode } from '../../envelope';
import type { IdentityProvider } from '../../types';
import { LOCKOUT_TIME, LOCKOUT_WINDOW } from './model';
import type { FakeStore } from './store';
import { linkSocialIdentity } from './social';

type LoginMethods = Pick<IdentityProvider, 'login' | 'logout'>;

/** Logging in with e-mail and password (with lockout, and linking a social identity), and logging out. */
export function loginMethods(store: FakeStore): LoginMethods {
  return {
    async login(params) {
      await store.guard('login', params);
      // Named before any account is looked at: neither counts towards a lockout nor tells whether one exists.
      if (!params.loginID?.trim()) return store.fail(ErrorCode.MISSING_REQUIRED_PARAMETER, 'loginID');
      if (!params.password) return store.fail(ErrorCode.MISSING_REQUIRED_PARAMETER, 'password');
      // Lockout is kept per login ID, for unknown IDs too, so that the answers tell nobody which addresses exist.
      const found = store.byEmail(params.loginID);
      const acc = found?.password && found.isRegistered ? found : undefined;
      const unknownKey = (params.loginID ?? '').trim().toLowerCase();
      const lock = acc ?? store.unknownLogins.get(unknownKey) ?? { failures: [], lockedUntil: 0 };
      if (!acc) store.unknownLogins.set(unknownKey, lock);
      if (lock.lockedUntil > store.now()) return store.fail(ErrorCode.LOCKED_OUT, 'Account temporarily locked out');
      if (!acc || params.password !== acc.password) {
        lock.failures = lock.failures.filter((t) => t > store.now() - LOCKOUT_WINDOW).concat(store.now());
        if (lock.failures.length >= (store.policies.security?.accountLockout?.failedLoginThreshold ?? Lockout.maxFailures)) {
          lock.lockedUntil = store.now() + LOCKOUT_TIME;
          lock.failures = [];
        }
        return store.fail(ErrorCode.INVALID_LOGIN, 'invalid loginID or password');
      }
      acc.failures = [];
      if (acc.disabled) return store.fail(ErrorCode.ACCOUNT_DISABLED, 'Account disabled');
      // The password proved the owner: the identity is linked before what the account still owes (changed terms,
      // its verification) is answered, as the embedded provider does; the finalize page knows nothing of the link.
      if (params.loginMode === 'link') {
        // 200009 (the identity was linked already, the link token is stale) counts as success but opens no
        // session: the app drops the token and logs in plainly (spec 000 §4).
        const refused = linkSocialIdentity(store, acc, params.regToken);
        if (refused) return refused;
      }
      const pending = store.pendingAnswer(acc, params.include);
      if (pending) return pending;
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
