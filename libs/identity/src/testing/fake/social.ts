import { ErrorCode, type Envelope } from '../../envelope';
import type { IdentityProvider, SocialProviderName } from '../../types';
import { REG_TOKEN_LIFETIME, type Account, type FakeSocialIdentity } from './model';
import { writeProfile } from './rules';
import type { FakeStore } from './store';
import { dropUndefined } from './values';

type SocialMethods = Pick<IdentityProvider, 'socialLogin' | 'getConflictingAccount'>;

/** The contract's providers: another name is the caller's mistake (400006), as with the embedded provider. */
const SOCIAL_PROVIDERS: readonly string[] = ['apple', 'googleplus', 'facebook'] satisfies SocialProviderName[];

/** Social login (the fake plays the provider) and the conflicting site account of a social identity. */
export function socialMethods(store: FakeStore): SocialMethods {
  return {
    async socialLogin(params) {
      await store.guard('socialLogin', params);
      if (!params.provider?.trim()) return store.fail(ErrorCode.MISSING_REQUIRED_PARAMETER, 'provider');
      if (!SOCIAL_PROVIDERS.includes(params.provider)) return store.fail(ErrorCode.INVALID_PARAMETER, 'provider');
      const identity = store.social[params.provider];
      if (!identity) return store.fail(ErrorCode.CANCELLED, 'Operation canceled');
      if (identity.error !== undefined) return store.fail(identity.error);
      const email = (identity.email ?? '').trim().toLowerCase();
      const providerUID = identity.providerUID ?? `${params.provider}-${email}`;
      const linked = [...store.accounts.values()].find((a) => a.social.some((s) => s.provider === params.provider && s.providerUID === providerUID));
      // The account an unconfirmed address created waits for its mail, as an existing one's answer does.
      if (linked && identity.emailVerified === false && !linked.isVerified && !linked.disabled) return awaitMailbox(store);
      if (linked) {
        // In link mode a login the account already has proves its owner: the identity of the token joins it, as
        // the embedded provider does (a token of another account, or a spent one, links nothing).
        const linkToken = params.loginMode === 'link' ? params.regToken : undefined;
        return loginAccount(store, linked, params.provider, false, params.include, linkToken);
      }
      // In link mode only a login the account already has proves it: another identity is refused and becomes
      // nothing, as with the embedded provider (it went on as a registration of its own address, QA).
      if (params.loginMode === 'link' && params.regToken) return store.fail(ErrorCode.INVALID_LOGIN, 'This login does not belong to the account to link');
      if (!email) return store.fail(ErrorCode.PROVIDER_ERROR, 'The provider gave no usable e-mail address');
      const existing = store.byEmail(email);
      // An address the provider did not confirm is anybody's claim (pre-account hijacking): it never joins or
      // logs into an existing account, and the answer is the one a new address gets, as the embedded provider's.
      if (identity.emailVerified === false && existing) return awaitMailbox(store);
      if (existing?.isRegistered) {
        const token = store.issue('social', REG_TOKEN_LIFETIME, {
          UID: existing.UID,
          social: { provider: params.provider, providerUID, identity: { ...identity } },
        });
        return store.fail(ErrorCode.SOCIAL_CONFLICT, 'loginID already exists', { regToken: token.token, provider: params.provider });
      }
      // A newsletter subscriber who signs in socially becomes a registered account.
      const acc = existing ?? store.newAccount(email, 'social');
      acc.isRegistered = true;
      acc.social.push({ provider: params.provider, providerUID });
      acc.profile = socialProfile(store, acc.profile, identity);
      if (identity.emailVerified !== false) {
        acc.isVerified = true;
        acc.deleteAfter = undefined;
        acc.registrant = undefined;
      } else if (!acc.isVerified) {
        store.sendVerification(acc);
        return awaitMailbox(store);
      }
      return loginAccount(store, acc, params.provider, true, params.include);
    },

    async getConflictingAccount(params) {
      await store.guard('getConflictingAccount', params);
      const token = store.valid(params.regToken, ['social']);
      const acc = token?.UID === undefined ? undefined : store.accounts.get(token.UID);
      if (!acc) return store.fail(ErrorCode.INVALID_PARAMETER, 'Invalid regToken');
      const passkey = store.hasPasskey(acc) ? ['passkey'] : [];
      return store.ok({ conflictingAccount: { loginID: acc.email, loginProviders: [...store.loginProviders(acc), ...passkey] } });
    },
  };
}

/** 206002 without regToken or account fields: the answer to a social login whose address nobody confirmed yet. */
function awaitMailbox(store: FakeStore) {
  return store.fail(ErrorCode.PENDING_VERIFICATION, 'Account Pending Verification');
}

/**
 * A social login of a known account: 403041 disabled, 206001/206002 pending, else a session; the identity
 * `linkToken` holds is linked first when it is this account's, pending or not.
 */
function loginAccount(store: FakeStore, acc: Account, provider: Account['social'][number]['provider'], newUser: boolean, include?: string, linkToken?: string) {
  if (acc.disabled) return store.fail(ErrorCode.ACCOUNT_DISABLED, 'Account disabled');
  if (linkToken) linkSocialIdentity(store, acc, linkToken);
  const pending = store.pendingAnswer(acc, `${include ?? ''},missing-required-fields`);
  if (pending) return { ...pending, provider };
  return store.startSession(acc, provider, newUser, include);
}

/**
 * Links the social identity a conflict regToken holds to the account whose owner just proved it (its password in
 * login with `loginMode: 'link'`, or a social login it already has in that mode); answers undefined when linked, else the answer: 200009 linked to it already, 400006 for a
 * token of another account (or none), 403043 when the identity belongs to another account.
 */
export function linkSocialIdentity(store: FakeStore, acc: Account, regToken: string | undefined): Envelope | undefined {
  const token = store.valid(regToken, ['social']);
  if (!token?.social || token.UID !== acc.UID) return store.fail(ErrorCode.INVALID_PARAMETER, 'Invalid regToken');
  const { provider, providerUID } = token.social;
  const owner = [...store.accounts.values()].find((a) => a.social.some((s) => s.provider === provider && s.providerUID === providerUID));
  if (owner === acc) return store.fail(ErrorCode.STALE_LINK_TOKEN, 'Accounts already linked');
  if (owner) return store.fail(ErrorCode.SOCIAL_CONFLICT, 'The identity belongs to another account');
  token.used = true;
  acc.social.push({ provider, providerUID });
  return undefined;
}

/** The provider's names written into `onto`, only what the schema takes: the provider's data must not block the login. */
function socialProfile(store: FakeStore, onto: Record<string, unknown>, identity: FakeSocialIdentity): Record<string, unknown> {
  let profile = onto;
  for (const [field, value] of Object.entries(dropUndefined({ firstName: identity.firstName, lastName: identity.lastName }))) {
    const written = writeProfile(store, { [field]: value }, profile);
    if (written.errors.length === 0) profile = written.values;
  }
  return profile;
}
