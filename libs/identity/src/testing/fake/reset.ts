import { Links } from '@portal/identity-contract';
import { ErrorCode } from '../../envelope';
import type { IdentityProvider } from '../../types';
import { RESET_RETRY_WAIT, RESET_TOKEN_LIFETIME } from './model';
import { refuseNewPassword } from './rules';
import { baseLang } from '../../language';
import type { FakeStore } from './store';

type ResetMethods = Pick<IdentityProvider, 'resetPassword'>;

/** Resetting a forgotten password: step 1 mails a link, step 2 sets the new password with its token. */
export function resetMethods(store: FakeStore): ResetMethods {
  return {
    async resetPassword(params) {
      await store.guard('resetPassword', params);
      if ('passwordResetToken' in params) {
        const token = store.valid(params.passwordResetToken, ['password-reset']);
        const acc = token?.UID === undefined ? undefined : store.accounts.get(token.UID);
        if (!token || !acc) return store.fail(ErrorCode.PASSWORD_TOKEN_INVALID, 'Invalid or expired password reset token');
        // The current password again is refused as a password change refuses it, before the policy; the link stays
        // unused for another try (as the embedded provider).
        const refused = refuseNewPassword(store, acc, params.newPassword);
        if (refused) return refused;
        acc.password = params.newPassword;
        // The link proved the address; a lock ends; every session ends. Passkeys bound before that proof were
        // anyone's who registered the address, and go (pre-account hijacking).
        if (!acc.isVerified) store.forgetPasskeys(acc.UID);
        acc.isVerified = true;
        acc.deleteAfter = undefined;
        acc.registrant = undefined; // the link proved the address (registrant.ts)
        acc.failures = [];
        acc.lockedUntil = 0;
        store.endCredentials(acc);
        return store.ok({ UID: acc.UID });
      }
      if (!params.loginID?.trim()) return store.fail(ErrorCode.MISSING_REQUIRED_PARAMETER, 'loginID');
      const acc = store.byEmail(params.loginID);
      if (!acc?.isRegistered) return store.fail(ErrorCode.LOGIN_ID_UNKNOWN);
      if (acc.lastResetMailAt !== undefined && store.now() - acc.lastResetMailAt < RESET_RETRY_WAIT) {
        return store.fail(ErrorCode.FREQUENCY_LIMIT, 'A password reset e-mail was sent recently');
      }
      for (const t of store.tokens.values()) if (t.kind === 'password-reset' && t.UID === acc.UID) t.used = true;
      const token = store.issue('password-reset', RESET_TOKEN_LIFETIME, { UID: acc.UID });
      acc.lastResetMailAt = store.now();
      if (params.lang) acc.lang = baseLang(params.lang);
      store.send(acc, 'password-reset', token, `${store.linkBase}${Links.resetPassword.path}?${Links.resetPassword.tokenParam}=${token.token}`);
      return store.ok();
    },
  };
}
