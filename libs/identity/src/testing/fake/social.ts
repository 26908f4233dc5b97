import { ErrorCode, type Envelope } from '../../envelope';
import type { IdentityProvider } from '../../types';
import { REG_TOKEN_LIFETIME, type Account } from './model';
import { missingFields } from './rules';
import type { FakeStore } from './store';
import { deepMerge, dropUndefined } from './values';

type SocialMethods = Pick<IdentityProvider, 'socialLogin' | 'getConflictingAccount'>;

/** Social login (the fake plays the provider) and the conflicting site account of a social identity. */
export function socialMethods(store: FakeStore): SocialMethods {
  return {
    async socialLogin(params) {
      await store.guard('socialLogin', params);
      const identity = store.social[params.provider];
      if (!identity) return store.fail(ErrorCode.CANCELLED, 'Operation canceled');
      if (identity.error !== undefined) return store.fail(identity.error);
      const email = (identity.email ?? '').trim().toLowerCase();
      const providerUID = identity.providerUID ?? `${params.provider}-${email}`;
      const linked = [...store.accounts.values()].find((a) => a.social.some((s) => s.provider === params.provider && s.providerUID === providerUID));
      if (linked) {
        if (linked.disabled) return store.fail(ErrorCode.ACCOUNT_DISABLED, 'Account disabled');
        if (missingFields(store, linked).length > 0) {
          return store.fail(ErrorCode.PENDING_REGISTRATION, 'Account Pending Registration', { regToken: store.registrationToken(linked) });
        }
        return store.startSession(linked, params.provider, false, params.include, { provider: params.provider });
      }
      const existing = store.byEmail(email);
      if (existing?.isRegistered) {
        const token = store.issue('social', REG_TOKEN_LIFETIME, { social: { provider: params.provider, providerUID, identity: { ...identity } } });
        return store.fail(ErrorCode.SOCIAL_CONFLICT, 'loginID already exists', { regToken: token.token, provider: params.provider });
      }
      const acc = existing ?? store.newAccount(email);
      acc.isRegistered = true;
      acc.isVerified = true;
      acc.social.push({ provider: params.provider, providerUID });
      acc.loginProvider = params.provider;
      deepMerge(acc.profile, dropUndefined({ firstName: identity.firstName, lastName: identity.lastName }));
      if (missingFields(store, acc).length > 0) {
        return store.fail(ErrorCode.PENDING_REGISTRATION, 'Account Pending Registration', { regToken: store.registrationToken(acc), provider: params.provider });
      }
      return store.startSession(acc, params.provider, true, params.include, { provider: params.provider });
    },

    async getConflictingAccount(params) {
      await store.guard('getConflictingAccount', params);
      const token = store.valid(params.regToken, ['social']);
      const acc = store.byEmail(token?.social?.identity.email);
      if (!acc) return store.fail(ErrorCode.INVALID_PARAMETER, 'Invalid regToken');
      return store.ok({ conflictingAccount: { loginID: acc.email, loginProviders: ['site', ...acc.social.map((s) => s.provider)] } });
    },
  };
}

/**
 * Links the social identity a conflict regToken holds to the account whose password was just checked (login with
 * `loginMode: 'link'`); answers the refusal, or undefined when linked.
 */
export function linkSocialIdentity(store: FakeStore, acc: Account, regToken: string | undefined): Envelope | undefined {
  const token = store.valid(regToken, ['social']);
  if (!token?.social) return store.fail(ErrorCode.INVALID_PARAMETER, 'Invalid regToken');
  const identity = token.social;
  token.used = true;
  if (acc.social.some((s) => s.provider === identity.provider && s.providerUID === identity.providerUID)) {
    return store.fail(ErrorCode.STALE_LINK_TOKEN, 'Accounts already linked');
  }
  acc.social.push({ provider: identity.provider, providerUID: identity.providerUID });
  return undefined;
}
