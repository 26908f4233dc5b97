import { PageParams, Pages } from '@portal/identity-contract';
import { ErrorCode, type ValidationError } from '../../envelope';
import type { IdentityProvider } from '../../types';
import { applyWrite, checkWrite, keepSubscriber } from './account-data';
import { REG_TOKEN_LIFETIME, type Passkey } from './model';
import { verifyRegistrationPasskey } from './passkeys';
import { checkPassword } from './rules';
import { baseLang } from '../../language';
import { TOO_MANY_MAILS, TOO_MANY_STARTS, type FakeStore } from './store';
import { confirmationsDue } from './subscriptions';
import { withCustomerAssignment } from './store-area';
import { absorbSubscriber, newsletterOnly } from './subscriptions';
import { ownSections } from './registrant';
import { isEmailAddress } from './values';

type RegistrationMethods = Pick<IdentityProvider, 'initRegistration' | 'register' | 'finalizeRegistration' | 'resendVerificationCode'>;

const ALL_SECTIONS = 'profile,data,preferences,subscriptions';

/** Registering, finishing a registration and verifying the e-mail address. */
export function registrationMethods(store: FakeStore): RegistrationMethods {
  return {
    async initRegistration(params = {}) {
      await store.guard('initRegistration', params);
      if (!store.allowClient('start-registration')) return store.fail(ErrorCode.FREQUENCY_LIMIT, TOO_MANY_STARTS);
      return store.ok({ regToken: store.issue('registration', REG_TOKEN_LIFETIME).token });
    },

    async register(params) {
      await store.guard('register', params);
      // JSON's true or false only, as the embedded provider (QA round of 2026-11-29: it took 1, "T" and "true").
      const finalize: unknown = params.finalizeRegistration;
      if (finalize !== undefined && typeof finalize !== 'boolean') return store.fail(ErrorCode.INVALID_PARAMETER, 'Invalid parameter value: finalizeRegistration');
      if (!params.regToken) return store.fail(ErrorCode.MISSING_REQUIRED_PARAMETER, 'regToken');
      const token = store.valid(params.regToken, ['registration']);
      if (!token) return store.fail(ErrorCode.INVALID_PARAMETER, 'Invalid regToken');
      const errors: ValidationError[] = [];
      const email = typeof params.email === 'string' ? params.email.trim().toLowerCase() : '';
      if (!email) errors.push({ fieldName: 'email', errorCode: ErrorCode.MISSING_REQUIRED_VALUE, message: 'Missing required field' });
      else if (!isEmailAddress(email)) errors.push({ fieldName: 'email', errorCode: ErrorCode.INVALID_FORMAT, message: 'Invalid email address' });
      // With a passkey instead of a password, the passkey is checked once everything else is valid.
      const withPasskey = params.passkey !== undefined && !params.password;
      if (!withPasskey) errors.push(...checkPassword(store, 'password', params.password));
      const existing = store.byEmail(email);
      if (existing?.isRegistered) errors.push({ fieldName: 'email', errorCode: ErrorCode.UNIQUE_IDENTIFIER_EXISTS, message: 'email already exists' });
      // Nothing a newsletter subscriber stored at the address counts before the address is proven, its language
      // neither (registrant.ts).
      const lang = params.lang ? baseLang(params.lang) : 'de';
      // The email parameter is the login ID; a profile.email beside it is ignored.
      const profile: Record<string, unknown> = { ...(params.profile ?? {}) };
      delete profile.email;
      // Checked as for a new account of the address, whatever a newsletter subscriber stored there (registrant.ts).
      // Consents are recorded with the statement of the page's tag, which may be its country's (nl-BE).
      const write = checkWrite(store, undefined, { ...params, profile }, params.lang || lang);
      if (write.serverOnly) return store.fail(ErrorCode.READ_ONLY_FIELD, 'data.customerassignment is a server-only field');
      errors.push(...write.errors);
      if (errors.length > 0) return store.validationFailed(errors);

      // A newsletter subscriber's account becomes a registered one; whoever registers it has not proven yet
      // that the address is theirs, so the regToken answered may write but not read the subscriber's data.
      const upgrade = existing !== undefined;
      // The store area follows the postcode registered, derived before anything changes (it may ask the service).
      const own = await withCustomerAssignment(store, write);
      const applied = existing ? await withCustomerAssignment(store, keepSubscriber(existing, checkWrite(store, existing, { ...params, profile }, params.lang || lang))) : own;
      // Its mails, the verification and each double opt-in confirmation, count against the client's mail limit
      // before anything is stored, for a new address and a subscriber's alike (as the embedded provider): counted as
      // for a new account, also a subscription the subscriber had confirmed, which mails nothing.
      if (!store.allowClient('mail', 1 + confirmationsDue(store, undefined, write.subscriptions))) {
        return store.fail(ErrorCode.FREQUENCY_LIMIT, TOO_MANY_MAILS);
      }
      let passkey: Passkey | undefined;
      if (withPasskey) {
        const verified = await verifyRegistrationPasskey(store, params.passkey!, params.regToken, email);
        if (!('key' in verified)) return verified;
        passkey = verified.key;
      }
      // A new account takes the ceremony's user handle as its UID; a newsletter account keeps its own.
      const acc = existing ?? store.newAccount(email, 'site', passkey?.userHandle);
      if (upgrade) acc.registrant = ownSections(store, { ...acc, subscriptions: {} }, own);
      acc.password = withPasskey ? undefined : params.password;
      if (passkey) store.passkeys.set(passkey.id, { ...passkey, UID: acc.UID });
      acc.isRegistered = true;
      acc.isVerified = false;
      acc.lang = lang;
      acc.registeredAt = store.iso(store.now());
      if (params.regSource) acc.regSource = params.regSource;
      applyWrite(store, acc, applied);
      token.used = true;
      // The embedded provider requires verification: the link is mailed now, whatever is still missing.
      store.sendVerification(acc);
      return store.pendingAnswer(acc, params.include, store.registrationToken(acc, upgrade)) ?? store.ok({ UID: acc.UID });
    },

    async finalizeRegistration(params) {
      await store.guard('finalizeRegistration', params);
      const token = store.valid(params.regToken, ['registration']);
      const acc = token?.UID === undefined ? undefined : store.accounts.get(token.UID);
      if (!token || !acc) return store.fail(ErrorCode.INVALID_PARAMETER, 'Invalid regToken');
      if (acc.disabled) return store.fail(ErrorCode.ACCOUNT_DISABLED);
      const pending = store.pendingAnswer(acc, params.include, token.token);
      if (pending) return pending;
      token.used = true;
      // Finishing answers the full account, whatever include says.
      return store.startSession(acc, 'site', true, ALL_SECTIONS);
    },

    async resendVerificationCode(params) {
      await store.guard('resendVerificationCode', params);
      const regToken = 'regToken' in params ? params.regToken : undefined;
      const email = 'email' in params ? params.email : undefined;
      if (!regToken && !email) return store.fail(ErrorCode.MISSING_REQUIRED_PARAMETER, 'regToken');
      const acc = regToken ? store.tokenAccount(regToken) : store.byEmail(email);
      if (!regToken) {
        // By address as the REST API's verification-email (and the embedded provider): an address without a
        // registration answers as a pending one, with nothing sent, so the answer tells no registration apart.
        if (!isEmailAddress((email ?? '').trim().toLowerCase())) return store.fail(ErrorCode.INVALID_PARAMETER, 'email is not an e-mail address');
        if (acc?.isRegistered && acc.isVerified) return store.fail(ErrorCode.INVALID_PARAMETER, 'Account is already verified');
        if (acc?.isRegistered) store.sendVerification(acc);
        return store.ok();
      }
      if (!acc?.isRegistered || acc.isVerified) return store.fail(ErrorCode.INVALID_PARAMETER, 'Account is unknown or already verified');
      store.sendVerification(acc);
      return store.ok();
    },
  };
}

/**
 * Follows a verification link; answers where the browser lands (`/double-opt-in-done?errorCode=…`): 0 verified (with
 * emailChanged=true for an e-mail change), 403002 expired, 404000 unknown or used, 400003 when the new address of an
 * e-mail change was taken meanwhile.
 */
export function openVerificationLink(store: FakeStore, value: string): string {
  const landing = (code: number) => `${Pages.doubleOptInDone}?errorCode=${code}`;
  const token = store.tokens.get(value);
  if (!token || token.kind !== 'verification' || token.used) return landing(ErrorCode.NOT_FOUND);
  if (token.expiresAt <= store.now()) return landing(ErrorCode.ACTIVATION_EXPIRED);
  const acc = token.UID === undefined ? undefined : store.accounts.get(token.UID);
  if (!acc) return landing(ErrorCode.NOT_FOUND);
  if (token.newEmail) {
    const other = store.byEmail(token.newEmail);
    if (other && other !== acc) {
      // A registered account took the address meanwhile; a newsletter subscriber's account joins this one.
      if (!newsletterOnly(store, other)) return landing(ErrorCode.UNIQUE_IDENTIFIER_EXISTS);
      absorbSubscriber(store, acc, other);
    }
    acc.email = token.newEmail;
    acc.profile.email = token.newEmail;
    // The login ID changed: every session ends (spec 000 §4), and what was issued under the old one.
    token.used = true;
    store.endCredentials(acc);
  }
  token.used = true;
  acc.isVerified = true;
  acc.deleteAfter = undefined;
  acc.registrant = undefined; // the address is proven: its owner sees the account's values (registrant.ts)
  return token.newEmail ? `${landing(ErrorCode.OK)}&${PageParams.doubleOptInDone.emailChanged}=true` : landing(ErrorCode.OK);
}
