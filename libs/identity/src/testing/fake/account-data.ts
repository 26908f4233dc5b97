import { ErrorCode, SAME_PASSWORD_DETAILS } from '../../envelope';
import type { IdentityProvider, SubscriptionsUpdate } from '../../types';
import type { Account } from './model';
import { checkSections, passwordProblem, statementFor } from './rules';
import type { FakeStore } from './store';
import { applySubscriptions } from './subscriptions';
import { clone, deepMerge, EMAIL, getPath, isBlank, isPlainObject, setPath } from './values';

type AccountDataMethods = Pick<IdentityProvider, 'getAccountInfo' | 'setAccountInfo' | 'getSchema' | 'getPolicies' | 'getSiteConsentDetails'>;

/** Reading and writing the account, and the configuration the apps read (schema, policies, consents). */
export function accountDataMethods(store: FakeStore): AccountDataMethods {
  return {
    async getAccountInfo(params = {}) {
      await store.guard('getAccountInfo', params);
      const acc = store.tokenAccount(params.regToken) ?? store.sessionAccount();
      if (!acc) return store.fail(ErrorCode.UNAUTHORIZED, 'Unauthorized user');
      return store.ok(store.accountAnswer(acc, params.include, params.extraProfileFields));
    },

    async setAccountInfo(params) {
      await store.guard('setAccountInfo', params);
      const acc = store.tokenAccount(params.regToken) ?? store.sessionAccount();
      if (!acc) return store.fail(ErrorCode.UNAUTHORIZED, 'Unauthorized user');
      if (params.newPassword !== undefined) {
        if (!acc.password || params.password !== acc.password) {
          return store.fail(ErrorCode.INVALID_LOGIN, 'invalid password', {
            validationErrors: [{ fieldName: 'password', errorCode: ErrorCode.INVALID_LOGIN, message: 'invalid password' }],
          });
        }
        if (params.newPassword === acc.password) return store.fail(ErrorCode.INVALID_PARAMETER, SAME_PASSWORD_DETAILS);
        const problem = passwordProblem(store, params.newPassword);
        if (problem) return store.validationFailed([{ fieldName: 'newPassword', errorCode: ErrorCode.INVALID_PARAMETER, message: problem }]);
      }
      const checked = checkSections(store, params.profile, params.data);
      if (checked.readOnly) return store.fail(ErrorCode.READ_ONLY_FIELD, checked.readOnly);
      if (checked.errors.length > 0) return store.validationFailed(checked.errors);
      const newEmail = typeof params.profile?.email === 'string' ? params.profile.email.trim().toLowerCase() : undefined;
      if (newEmail !== undefined && newEmail !== acc.email) {
        if (!EMAIL.test(newEmail)) return store.validationFailed([{ fieldName: 'profile.email', errorCode: ErrorCode.INVALID_FORMAT, message: 'Invalid email format' }]);
        // Changing the login e-mail needs the current password (spec 000 §6).
        if (acc.password !== undefined) {
          if (!params.password) return store.fail(ErrorCode.MISSING_REQUIRED_PARAMETER, 'password');
          if (params.password !== acc.password) return store.fail(ErrorCode.INVALID_LOGIN, 'invalid password');
        }
        if (store.byEmail(newEmail)) return store.fail(ErrorCode.UNIQUE_IDENTIFIER_EXISTS, 'email already exists');
      }
      if (params.newPassword !== undefined) acc.password = params.newPassword;
      writeAccount(store, acc, params);
      return store.ok();
    },

    async getSchema(params = {}) {
      await store.guard('getSchema', params);
      return store.ok(clone(store.schema));
    },

    async getPolicies(params = {}) {
      await store.guard('getPolicies', params);
      return store.ok(clone(store.policies));
    },

    async getSiteConsentDetails() {
      await store.guard('getSiteConsentDetails', {});
      return store.ok({ siteConsentDetails: clone(store.consent) });
    },
  };
}

/** Writes checked sections into the account: profile and data deep-merged, consents versioned, subscriptions. */
export function writeAccount(
  store: FakeStore,
  acc: Account,
  p: { profile?: unknown; data?: unknown; preferences?: unknown; subscriptions?: SubscriptionsUpdate; lang?: string },
) {
  if (isPlainObject(p.profile)) {
    deepMerge(acc.profile, p.profile);
    if (typeof p.profile.email === 'string') acc.email = p.profile.email.trim().toLowerCase();
  }
  if (isPlainObject(p.data)) deepMerge(acc.data, p.data);
  if (p.lang) acc.lang = p.lang;
  applyPreferences(store, acc, p.preferences);
  applySubscriptions(store, acc, p.subscriptions);
  acc.pendingFields = acc.pendingFields.filter((name) => {
    const [section, ...rest] = name.split('.');
    const values = section === 'profile' ? acc.profile : section === 'data' ? acc.data : acc.preferences;
    return isBlank(getPath(values, rest.join('.')));
  });
}

/** Records consents with the version accepted and the time. */
function applyPreferences(store: FakeStore, acc: Account, preferences: unknown) {
  if (!isPlainObject(preferences)) return;
  for (const id of Object.keys(store.consent).concat(Object.keys(store.schema.preferencesSchema.fields))) {
    const written = getPath(preferences, id);
    if (!isPlainObject(written)) continue;
    const statement = store.consent[id] ? statementFor(store.consent[id], acc.lang) : undefined;
    const previous = (getPath(acc.preferences, id) as Record<string, unknown> | undefined) ?? {};
    const next: Record<string, unknown> = { ...previous, ...written, lastConsentModified: store.iso(store.now()) };
    if (written.isConsentGranted === true && written.docVersion === undefined) next.docVersion = statement?.currentDocVersion ?? 1;
    setPath(acc.preferences, id, next);
  }
}
