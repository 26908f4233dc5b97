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
      // An account that is not ready links nothing: the identity waits until the registration is finished.
      const pending = store.pendingAnswer(acc, params.include);
      if (pending) return pending;
      let linked = ErrorCode.OK as number;
      if (params.loginMode === 'link') {
        const link = linkSocialIdentity(store, acc, params.regToken);
        if ('refused' in link) return link.refused;
        linked = link.code;
      }
      const answer = store.startSession(acc, 'site', false, params.include);
      // 200009: the identity was linked already; it is a login all the same.
      return linked === ErrorCode.OK ? answer : { ...answer, errorCode: linked, errorDetails: 'Accounts linked' };
    },

    async logout() {
      await store.guard('logout', {});
      store.session = undefined;
      store.events.emitLogout();
      return store.ok();
    },
  };
}
