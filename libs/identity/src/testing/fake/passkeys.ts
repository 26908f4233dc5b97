import { Durations, ErrorDetails, Lockout } from '@portal/identity-contract';
import { ErrorCode, type Envelope, type ValidationError } from '../../envelope';
import type { IdentityProvider, PasskeyCredentialJSON } from '../../types';
import { LOCKOUT_TIME, LOCKOUT_WINDOW, type Account, type Passkey, type PasskeyChallenge } from './model';
import { TOO_MANY_STARTS, type FakeStore } from './store';
import { linkSocialIdentity } from './social';
import { isEmailAddress } from './values';
import {
  equalBytes,
  fromBase64Url,
  parseAttestationObject,
  parseAuthenticatorData,
  randomBase64Url,
  sha256,
  toBase64Url,
  verifyES256,
} from './webauthn';

type PasskeyMethods = Required<
  Pick<IdentityProvider, 'initPasskeyRegistration' | 'registerPasskey' | 'initPasskeyLogin' | 'passkeyLogin' | 'getPasskeys' | 'removePasskey'>
>;

const CHALLENGE_LIFETIME = Durations.passkeyChallengeLifetime;

/** A refused WebAuthn answer; `details` is the contract's detail code. */
class Refusal extends Error {
  constructor(readonly details: string) {
    super(details);
  }
}

interface ClientData {
  type?: string;
  challenge?: string;
  origin?: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function response(answer: PasskeyCredentialJSON | undefined): Record<string, unknown> {
  const r = answer?.response;
  return typeof r === 'object' && r !== null ? (r as Record<string, unknown>) : {};
}

function clientDataOf(answer: PasskeyCredentialJSON | undefined): { raw: Uint8Array; data: ClientData } {
  try {
    const raw = fromBase64Url(text(response(answer).clientDataJSON));
    const data = JSON.parse(new TextDecoder().decode(raw)) as ClientData;
    return { raw, data };
  } catch {
    throw new Refusal(ErrorDetails.PASSKEY_INVALID);
  }
}

function passkeyInfo(store: FakeStore, key: Passkey) {
  return {
    id: key.id,
    name: key.name,
    created: store.iso(key.created),
    ...(key.lastUsed === undefined ? {} : { lastUsed: store.iso(key.lastUsed) }),
    backedUp: key.backupState,
  };
}

/**
 * Passkeys as the embedded provider has them (identity contract, passkey methods): creation and request options
 * with a stored single-use challenge, "none" attestation, ES256 signatures checked with WebCrypto, the origin,
 * relying-party id, user verification and counter checked, refusals with the same detail codes, lockout shared
 * with the password.
 */
function ceremonies(store: FakeStore) {
  const rp = store.relyingParty;

  function challenge(kind: PasskeyChallenge['kind'], UID: string, email: string, regToken?: string): string {
    const value = randomBase64Url();
    store.passkeyChallenges.set(value, { kind, UID, email, regToken, expiresAt: store.now() + CHALLENGE_LIFETIME, used: false });
    return value;
  }

  function creationOptions(value: string, acc: { UID: string; email: string }, exclude: Passkey[]) {
    return {
      challenge: value,
      rp: { id: rp.rpId, name: rp.rpId },
      user: { id: toBase64Url(new TextEncoder().encode(acc.UID)), name: acc.email, displayName: acc.email },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      timeout: CHALLENGE_LIFETIME,
      excludeCredentials: exclude.map((k) => ({ type: 'public-key', id: k.id })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      attestation: 'none',
    };
  }

  /** Spends the challenge the answer names (whatever else is wrong: an answer is tried once) and checks the origin. */
  function spend(data: ClientData, kind: PasskeyChallenge['kind'], ceremony: string): PasskeyChallenge {
    const value = text(data.challenge);
    const found = store.passkeyChallenges.get(value);
    if (!found || found.used) throw new Refusal(ErrorDetails.PASSKEY_CHALLENGE);
    found.used = true;
    if (found.kind !== kind || found.expiresAt <= store.now()) throw new Refusal(ErrorDetails.PASSKEY_CHALLENGE);
    if (text(data.origin) !== rp.origin) throw new Refusal(ErrorDetails.PASSKEY_ORIGIN);
    if (data.type !== ceremony) throw new Refusal(ErrorDetails.PASSKEY_INVALID);
    return found;
  }

  async function checkRp(rpIdHash: Uint8Array, userVerified: boolean) {
    if (!equalBytes(rpIdHash, await sha256(new TextEncoder().encode(rp.rpId)))) throw new Refusal(ErrorDetails.PASSKEY_RP_ID);
    if (!userVerified) throw new Refusal(ErrorDetails.PASSKEY_USER_VERIFICATION);
  }

  /** Verifies a RegistrationResponseJSON; answers its challenge and the passkey to store (named later). */
  async function verifyNew(answer: PasskeyCredentialJSON | undefined, kind: PasskeyChallenge['kind']) {
    const { data } = clientDataOf(answer);
    const ch = spend(data, kind, 'webauthn.create');
    let parsed;
    try {
      parsed = parseAttestationObject(fromBase64Url(text(response(answer).attestationObject)));
    } catch {
      throw new Refusal(ErrorDetails.PASSKEY_INVALID);
    }
    await checkRp(parsed.rpIdHash, parsed.userVerified);
    const key: Passkey = {
      id: toBase64Url(parsed.credentialId!),
      UID: ch.UID,
      userHandle: ch.UID,
      name: 'Passkey',
      publicKey: parsed.publicKey!,
      signCount: parsed.signCount,
      backupEligible: parsed.backupEligible,
      backupState: parsed.backupState,
      created: store.now(),
    };
    if (text(answer?.id) !== key.id) throw new Refusal(ErrorDetails.PASSKEY_INVALID);
    return { ch, key };
  }

  function recordFailure(acc: Account) {
    acc.failures = acc.failures.filter((t) => t > store.now() - LOCKOUT_WINDOW).concat(store.now());
    if (acc.failures.length >= (store.policies.security?.accountLockout?.failedLoginThreshold ?? Lockout.maxFailures)) {
      acc.lockedUntil = store.now() + LOCKOUT_TIME;
      acc.failures = [];
    }
  }

  return { rp, challenge, creationOptions, spend, checkRp, verifyNew, recordFailure };
}

export function passkeyMethods(store: FakeStore): PasskeyMethods {
  const { rp, challenge, creationOptions, spend, checkRp, verifyNew, recordFailure } = ceremonies(store);
  return {
    async initPasskeyRegistration(params = {}) {
      await store.guard('initPasskeyRegistration', params);
      if (params.regToken) {
        const token = store.valid(params.regToken, ['registration']);
        if (!token || token.UID !== undefined) return store.fail(ErrorCode.INVALID_PARAMETER, 'Invalid regToken');
        const email = (params.email ?? '').trim().toLowerCase();
        const invalid = (e: ValidationError) => store.validationFailed([e]);
        if (!email) return invalid({ fieldName: 'email', errorCode: ErrorCode.MISSING_REQUIRED_VALUE, message: 'Missing required field' });
        if (!isEmailAddress(email)) return invalid({ fieldName: 'email', errorCode: ErrorCode.INVALID_FORMAT, message: 'Invalid email address' });
        const existing = store.byEmail(email);
        if (existing?.isRegistered) return invalid({ fieldName: 'email', errorCode: ErrorCode.UNIQUE_IDENTIFIER_EXISTS, message: 'email already exists' });
        // A new user handle every ceremony, whether or not the address has a newsletter account, whose UID it would
        // give away (as the embedded provider): a new account takes it as its UID, a newsletter account keeps its own.
        const UID = store.nextId('uid');
        return store.ok({ options: creationOptions(challenge('registration', UID, email, params.regToken), { UID, email }, []) });
      }
      const acc = store.sessionAccount();
      if (!acc) return store.fail(ErrorCode.UNAUTHORIZED, 'No session');
      // A way in that outlives a password reset needs a login made just now, not only a (perhaps copied) session.
      if (!store.recentLogin()) return store.fail(ErrorCode.INVALID_LOGIN, ErrorDetails.RECENT_LOGIN_REQUIRED);
      const own = [...store.passkeys.values()].filter((k) => k.UID === acc.UID);
      return store.ok({ options: creationOptions(challenge('add', acc.UID, acc.email), acc, own) });
    },

    async registerPasskey(params) {
      await store.guard('registerPasskey', params);
      const acc = store.sessionAccount();
      if (!acc) return store.fail(ErrorCode.UNAUTHORIZED, 'No session');
      if (!params?.passkey) return store.fail(ErrorCode.MISSING_REQUIRED_PARAMETER, 'passkey');
      if (!store.recentLogin()) return store.fail(ErrorCode.INVALID_LOGIN, ErrorDetails.RECENT_LOGIN_REQUIRED);
      try {
        const { ch, key } = await verifyNew(params.passkey, 'add');
        if (ch.UID !== acc.UID) throw new Refusal(ErrorDetails.PASSKEY_CHALLENGE);
        if (store.passkeys.has(key.id)) throw new Refusal(ErrorDetails.PASSKEY_INVALID);
        key.name = (params.name ?? '').trim().slice(0, 100) || 'Passkey';
        store.passkeys.set(key.id, key);
        return store.ok({ passkey: passkeyInfo(store, key) });
      } catch (error) {
        if (error instanceof Refusal) return store.fail(ErrorCode.INVALID_PARAMETER, error.details);
        throw error;
      }
    },

    async initPasskeyLogin() {
      await store.guard('initPasskeyLogin', {});
      if (!store.allowClient('start-passkey-login')) return store.fail(ErrorCode.FREQUENCY_LIMIT, TOO_MANY_STARTS);
      return store.ok({
        options: { challenge: challenge('login', '', ''), rpId: rp.rpId, timeout: CHALLENGE_LIFETIME, userVerification: 'required', allowCredentials: [] },
      });
    },

    async passkeyLogin(params) {
      await store.guard('passkeyLogin', params);
      if (!params?.passkey) return store.fail(ErrorCode.MISSING_REQUIRED_PARAMETER, 'passkey');
      let acc: Account | undefined;
      try {
        const { raw, data } = clientDataOf(params.passkey);
        spend(data, 'login', 'webauthn.get');
        const r = response(params.passkey);
        let authData: Uint8Array;
        let parsed;
        try {
          authData = fromBase64Url(text(r.authenticatorData));
          parsed = parseAuthenticatorData(authData);
        } catch {
          throw new Refusal(ErrorDetails.PASSKEY_INVALID);
        }
        await checkRp(parsed.rpIdHash, parsed.userVerified);
        const key = store.passkeys.get(text(params.passkey.id));
        acc = key && store.accounts.get(key.UID);
        if (!key || !acc) throw new Refusal(ErrorDetails.PASSKEY_UNKNOWN);
        // The account's lockout is the password's.
        if (acc.lockedUntil > store.now()) return store.fail(ErrorCode.LOCKED_OUT, 'Account temporarily locked out');
        if (text(r.userHandle) !== toBase64Url(new TextEncoder().encode(key.userHandle))) throw new Refusal(ErrorDetails.PASSKEY_INVALID);
        if (!(await verifyES256(key.publicKey, fromBase64Url(text(r.signature)), authData, raw))) throw new Refusal(ErrorDetails.PASSKEY_SIGNATURE);
        if (parsed.signCount <= key.signCount && (parsed.signCount !== 0 || key.signCount !== 0)) throw new Refusal(ErrorDetails.PASSKEY_COUNTER);
        if (parsed.backupEligible !== key.backupEligible) throw new Refusal(ErrorDetails.PASSKEY_INVALID);
        acc.failures = [];
        if (acc.disabled) return store.fail(ErrorCode.ACCOUNT_DISABLED, 'Account disabled');
        Object.assign(key, { signCount: parsed.signCount, backupState: parsed.backupState, lastUsed: store.now() });
        if (params.loginMode === 'link') {
          // As a password login in link mode: the passkey proves the account, the waiting identity joins it, also
          // when something is pending.
          const refused = linkSocialIdentity(store, acc, params.regToken);
          if (refused) return refused;
        }
        const pending = store.pendingAnswer(acc, params.include);
        if (pending) return pending;
        return store.startSession(acc, 'passkey', false, params.include);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        if (acc && error.details !== ErrorDetails.PASSKEY_UNKNOWN) recordFailure(acc);
        return store.fail(ErrorCode.INVALID_LOGIN, error.details);
      }
    },

    async getPasskeys() {
      await store.guard('getPasskeys', {});
      const acc = store.sessionAccount();
      if (!acc) return store.fail(ErrorCode.UNAUTHORIZED, 'No session');
      const passkeys = [...store.passkeys.values()].filter((k) => k.UID === acc.UID).map((k) => passkeyInfo(store, k));
      return store.ok({ passkeys, hasPassword: acc.password !== undefined });
    },

    async removePasskey(params) {
      await store.guard('removePasskey', params);
      const acc = store.sessionAccount();
      if (!acc) return store.fail(ErrorCode.UNAUTHORIZED, 'No session');
      if (!params?.id) return store.fail(ErrorCode.MISSING_REQUIRED_PARAMETER, 'id');
      // A removal logs the owner's other devices out: not with a (perhaps copied) session alone, as for adding one.
      if (!store.recentLogin()) return store.fail(ErrorCode.INVALID_LOGIN, ErrorDetails.RECENT_LOGIN_REQUIRED);
      const own = [...store.passkeys.values()].filter((k) => k.UID === acc.UID);
      const key = own.find((k) => k.id === params.id);
      if (!key) return store.fail(ErrorCode.NOT_FOUND, 'Unknown passkey');
      if (own.length === 1 && acc.password === undefined && acc.social.length === 0) {
        return store.fail(ErrorCode.INVALID_PARAMETER, ErrorDetails.LAST_PASSKEY);
      }
      store.passkeys.delete(key.id);
      return store.ok();
    },
  };
}

/**
 * register with `passkey` instead of a password: checks the answer against the challenge of this regToken and
 * address; answers the passkey to store with the account (made with the challenge's user handle), or the refusal.
 */
export async function verifyRegistrationPasskey(
  store: FakeStore,
  answer: PasskeyCredentialJSON,
  regToken: string,
  email: string,
): Promise<{ key: Passkey } | Envelope> {
  try {
    const { data } = clientDataOf(answer);
    const ch = store.passkeyChallenges.get(text(data.challenge));
    if (ch && (ch.regToken !== regToken || ch.email !== email)) {
      ch.used = true;
      throw new Refusal(ErrorDetails.PASSKEY_CHALLENGE);
    }
    const { key } = await ceremonies(store).verifyNew(answer, 'registration');
    return { key };
  } catch (error) {
    if (error instanceof Refusal) return store.fail(ErrorCode.INVALID_PARAMETER, error.details);
    throw error;
  }
}
