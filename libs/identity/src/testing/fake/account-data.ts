import { ErrorDetails } from '@portal/identity-contract';
import { ErrorCode, type ValidationError } from '../../envelope';
import type { IdentityProvider } from '../../types';
import type { Account } from './model';
import { missingFields, refuseNewPassword, writeData, writePreferences, writeProfile } from './rules';
import { baseLang } from '../../language';
import type { FakeStore } from './store';
import { ownSections, registrantView } from './registrant';
import { withCustomerAssignment } from './store-area';
import { subscriberRefusal, subscriberView } from './subscriber-scope';
import { applySubscriptions, checkSubscriptions, newsletterOnly } from './subscriptions';
import { clone, getPath, isBlank, isEmailAddress, listOf } from './values';

type AccountDataMethods = Pick<IdentityProvider, 'getAccountInfo' | 'setAccountInfo' | 'getSchema' | 'getPolicies' | 'getSiteConsentDetails'>;

/** Reading and writing the account, and the configuration the apps read (schema, policies, consents). */
export function accountDataMethods(store: FakeStore): AccountDataMethods {
  return {
    async getAccountInfo(params = {}) {
      await store.guard('getAccountInfo', params);
      // A given regToken that opens nothing answers 403005 even beside a session, which may be another
      // person's or another address's (as the embedded provider).
      const access = params.regToken ? store.tokenAccess(params.regToken) : sessionAccess(store);
      if (!access) return store.fail(ErrorCode.UNAUTHORIZED, 'No session or valid regToken');
      const { acc, limited, subscriber } = access;
      // A disabled account hands out nothing, also to a regToken issued before the disabling (as the embedded
      // provider; QA security round of 2026-11-29).
      if (acc.disabled) return store.fail(ErrorCode.ACCOUNT_DISABLED);
      // A registration over a subscriber's address reads what it gave itself until the address is verified, as a new
      // account of the address would answer it; nothing of the subscriber shows (registrant.ts).
      const seen = limited ? registrantView(acc) : acc;
      const full = store.accountAnswer(seen, params.include, params.extraProfileFields);
      // The preference centre's regToken reads what the centre shows (contract subscriberScope).
      const answer = subscriber ? subscriberView(full) : full;
      const missing = listOf(params.include).includes('missing-required-fields') ? { missingRequiredFields: missingFields(store, seen) } : {};
      // The session's end, which the account pages warn before; a regToken is no session.
      const session = params.regToken ? {} : { sessionInfo: store.sessionInfo() };
      return store.ok({ ...answer, ...missing, ...session });
    },

    async setAccountInfo(params) {
      await store.guard('setAccountInfo', params);
      const byToken = store.tokenAccess(params.regToken);
      const viaRegToken = byToken !== undefined;
      const acc = params.regToken ? byToken?.acc : store.sessionAccount();
      if (!acc) return store.fail(ErrorCode.UNAUTHORIZED, 'No session or valid regToken');
      if (acc.disabled) return store.fail(ErrorCode.ACCOUNT_DISABLED);
      // The preference centre's regToken writes what the centre saves (contract subscriberScope), refused whole
      // before any password is tried.
      const outside = byToken?.subscriber ? subscriberRefusal(acc.email, params) : undefined;
      if (outside) return store.fail(ErrorCode.READ_ONLY_FIELD, `${outside} is not written with the preference centre's regToken`);
      // An unconfirmed registration over a subscriber completes what it lacks but changes nothing the subscriber
      // gave, nor the password or the address (as the embedded provider).
      const limited = byToken?.limited === true;
      if (limited && (params.newPassword || params.password || (params.profile as Record<string, unknown> | undefined)?.email !== undefined)) {
        return store.fail(ErrorCode.UNAUTHORIZED, 'The address is not confirmed yet');
      }
      const lang = params.lang ? baseLang(params.lang) : acc.lang;
      const { email: emailGiven, ...profile } = (params.profile ?? {}) as Record<string, unknown>;
      // Checked against what the caller sees: for an unconfirmed registration over a subscriber, what it gave itself
      // (registrant.ts). Consents are recorded with the statement of the page's tag, which may be its country's (nl-BE).
      const seen = limited ? registrantView(acc) : acc;
      const write = checkWrite(store, seen, { ...params, profile }, params.lang || lang);
      if (write.serverOnly) return store.fail(ErrorCode.READ_ONLY_FIELD, 'data.customerassignment is a server-only field');
      const errors = [...write.errors];
      let newEmail: string | undefined;
      if (emailGiven !== undefined) {
        const email = typeof emailGiven === 'string' ? emailGiven.trim().toLowerCase() : '';
        if (!isEmailAddress(email)) errors.push({ fieldName: 'profile.email', errorCode: ErrorCode.INVALID_FORMAT, message: 'Invalid email address' });
        else if (email !== acc.email) newEmail = email;
      }
      if (errors.length > 0) return store.validationFailed(errors);

      // New login details need the current password (spec 000 §6); an account without one cannot change them.
      // An account without a password (registered with a passkey, or social only) sets its first one with its
      // session, as the embedded provider allows, within recentLogin of its login; a regToken is not enough.
      const firstPassword = Boolean(params.newPassword) && !params.password && acc.password === undefined && !viaRegToken && !newEmail;
      if (firstPassword && !store.recentLogin()) {
        return store.fail(ErrorCode.INVALID_LOGIN, ErrorDetails.RECENT_LOGIN_REQUIRED);
      }
      if ((params.newPassword || newEmail) && !firstPassword) {
        if (!params.password) return store.fail(ErrorCode.MISSING_REQUIRED_PARAMETER, 'password');
        if (acc.password === undefined || params.password !== acc.password) {
          return store.fail(ErrorCode.INVALID_LOGIN, 'Invalid password', {
            validationErrors: [{ fieldName: 'password', errorCode: ErrorCode.INVALID_LOGIN, message: 'Your password is incorrect.' }],
          });
        }
      }
      // A registered address answers 400003, as registering it does; a newsletter subscriber's is taken as one
      // without an account, whose account joins this one once the link proves the address (as the embedded provider).
      const holder = newEmail ? store.byEmail(newEmail) : undefined;
      if (holder && holder !== acc && !newsletterOnly(store, holder)) {
        return store.fail(ErrorCode.UNIQUE_IDENTIFIER_EXISTS, 'email already exists', {
          validationErrors: [{ fieldName: 'profile.email', errorCode: ErrorCode.UNIQUE_IDENTIFIER_EXISTS, message: 'email already exists' }],
        });
      }
      // The contract's order for a new password: the current one first (above), then sameness, then the policy.
      if (params.newPassword) {
        const refused = refuseNewPassword(store, acc, params.newPassword);
        if (refused) return refused;
      }

      // The store area follows the postcode the write leaves, derived before anything changes (it may ask the service).
      const applied = await withCustomerAssignment(store, limited ? keepSubscriber(acc, checkWrite(store, acc, { ...params, profile }, params.lang || lang)) : write);
      if (limited) acc.registrant = ownSections(store, seen, await withCustomerAssignment(store, write));
      acc.lang = lang;
      applyWrite(store, acc, applied);
      if (params.newPassword) {
        acc.password = params.newPassword;
        // A new password ends every session and what the old one gave (links, regTokens).
        store.endCredentials(acc);
      }
      // The new address counts once its owner follows the link mailed to it.
      if (newEmail) store.sendVerification(acc, newEmail);
      return store.ok();
    },

    async getSchema(params = {}) {
      await store.guard('getSchema', params);
      return store.ok(clone(store.schema));
    },

    async getPolicies(params = {}) {
      await store.guard('getPolicies', params);
      const all = clone(store.policies) as unknown as Record<string, unknown>;
      const wanted = listOf(params.sections);
      return store.ok(wanted.length === 0 ? all : Object.fromEntries(Object.entries(all).filter(([section]) => wanted.includes(section))));
    },

    async getSiteConsentDetails() {
      await store.guard('getSiteConsentDetails', {});
      return store.ok({ siteConsentDetails: clone(store.consent) });
    },
  };
}

function sessionAccess(store: FakeStore) {
  const acc = store.sessionAccount();
  return acc && { acc, limited: false, subscriber: false };
}

/** A write of the account's sections, checked but not applied yet. */
export interface CheckedWrite {
  profile: Record<string, unknown>;
  data: Record<string, unknown>;
  preferences: Record<string, unknown>;
  subscriptions: Record<string, boolean>;
  errors: ValidationError[];
  serverOnly: boolean;
}

/** Checks profile, data, preferences and subscriptions of a write against the current account (or none yet). */
export function checkWrite(
  store: FakeStore,
  acc: Account | undefined,
  p: { profile?: unknown; data?: unknown; preferences?: unknown; subscriptions?: unknown },
  lang: string,
): CheckedWrite {
  const profile = writeProfile(store, p.profile, acc?.profile ?? {});
  const data = writeData(store, p.data, acc?.data ?? {});
  const preferences = writePreferences(store, p.preferences, acc?.preferences ?? {}, lang);
  const subscriptions = checkSubscriptions(store, p.subscriptions);
  return {
    profile: profile.values,
    data: data.values,
    preferences: preferences.values,
    subscriptions: subscriptions.changes,
    errors: [...profile.errors, ...data.errors, ...preferences.errors, ...subscriptions.errors],
    serverOnly: profile.serverOnly || data.serverOnly,
  };
}

/** Applies a checked write: the sections, the subscriptions (mailing double opt-in links), pending fields filled. */
export function applyWrite(store: FakeStore, acc: Account, write: CheckedWrite) {
  acc.profile = { ...write.profile, email: acc.email };
  acc.data = write.data;
  acc.preferences = write.preferences;
  applySubscriptions(store, acc, write.subscriptions);
  acc.pendingFields = acc.pendingFields.filter((name) => {
    const [section, ...rest] = name.split('.');
    const values = section === 'profile' ? acc.profile : section === 'data' ? acc.data : acc.preferences;
    return isBlank(getPath(values, rest.join('.')));
  });
}

/**
 * The profile's fields checked against each other (a day of birth against its month and year, a postcode against its
 * country): where the subscriber gave one of a group, the whole group stays the subscriber's, since the registration's
 * write was checked without the subscriber's values (as the embedded provider's heldTogether).
 */
const HELD_TOGETHER = [
  ['birthDay', 'birthMonth', 'birthYear'],
  ['zip', 'country'],
];

/**
 * A registration of a newsletter subscriber's address fills what the subscriber left empty and adds subscriptions,
 * but changes and ends nothing the subscriber has: whoever registers has not proven the address yet (as the
 * embedded provider's keepHeld and keepSubscribed).
 */
export function keepSubscriber(subscriber: Account, write: CheckedWrite): CheckedWrite {
  const held = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, value]) => !isBlank(value)));
  const subscribed = (key: string) => (subscriber.subscriptions[key] as { email?: { isSubscribed?: boolean } } | undefined)?.email?.isSubscribed === true;
  const profile: Record<string, unknown> = { ...write.profile, ...held(subscriber.profile) };
  for (const group of HELD_TOGETHER.filter((fields) => fields.some((field) => !isBlank(subscriber.profile[field])))) {
    for (const field of group) if (isBlank(subscriber.profile[field])) delete profile[field];
  }
  return {
    ...write,
    profile,
    data: { ...write.data, ...held(subscriber.data) },
    subscriptions: Object.fromEntries(Object.entries(write.subscriptions).filter(([key, wanted]) => wanted || !subscribed(key))),
  };
}
