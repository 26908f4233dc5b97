import { Durations, ErrorCatalogue, Links, Lockout, Pages, passwordPolicyProblem } from '@portal/identity-contract';
import { ErrorCode, ErrorDetails, SAME_PASSWORD_DETAILS, statusCodeOf, type Envelope, type ValidationError } from '../envelope';
import { IdentityTransportError, type TransportErrorCode } from '../errors';
import { IdentityEvents } from '../events';
import type { CommonPasswords } from './common-passwords';
import type {
  AccountInfo,
  AccountSchema,
  ConsentDetails,
  IdentityMethod,
  IdentityProvider,
  Policies,
  Profile,
  SchemaField,
  SocialProviderName,
  SubscriptionsUpdate,
} from '../types';
import { createClock, HOUR, type FakeClock } from './clock';
import { defaultConsent, defaultPolicies, defaultSchema } from './defaults';

/** An account the fake starts with. Without `password` it is a lite account (newsletter subscriber). */
export interface FakeAccountSeed {
  UID?: string;
  email: string;
  password?: string;
  /** Defaults to true; false is an account waiting for its verification link. */
  verified?: boolean;
  disabled?: boolean;
  /** Locked out after failed logins; the lock lasts 15 minutes from the fake's start. */
  locked?: boolean;
  /** Dotted names (`profile.zip`) still to be filled: login answers 206001 until they are. */
  pendingFields?: string[];
  profile?: Record<string, unknown>;
  data?: Record<string, unknown>;
  preferences?: Record<string, unknown>;
  subscriptions?: Record<string, unknown>;
  /** Social identities already linked, e.g. `['googleplus']`. */
  socialProviders?: SocialProviderName[];
  created?: string;
  regSource?: string;
  lang?: string;
}

/** What the fake's social provider answers: an identity, or an error code (200001 cancelled, 500023). */
export interface FakeSocialIdentity {
  email?: string;
  providerUID?: string;
  firstName?: string;
  lastName?: string;
  error?: number;
}

export type FakeMailKind = 'verification' | 'password-reset' | 'double-opt-in';

/** A token the fake starts with, for hard cases (an expired reset link, a used verification link). */
export interface FakeTokenSeed {
  kind: FakeMailKind | 'registration';
  token: string;
  email: string;
  expired?: boolean;
  used?: boolean;
  /** double-opt-in only: the subscription key it confirms. */
  subscription?: string;
}

/** An e-mail the fake would have sent. */
export interface SentMail {
  to: string;
  kind: FakeMailKind;
  token: string;
  link: string;
  sentAt: string;
  lang?: string;
  subscription?: string;
}

export interface FakeProviderOptions {
  accounts?: FakeAccountSeed[];
  clock?: FakeClock;
  schema?: AccountSchema;
  policies?: Policies;
  consent?: Record<string, ConsentDetails>;
  social?: Partial<Record<SocialProviderName, FakeSocialIdentity>>;
  tokens?: FakeTokenSeed[];
  /** Every call rejects with a transport error while true. */
  outage?: boolean;
  /** Origin of the links in mails; default http://localhost. */
  linkBaseUrl?: string;
  /**
   * Common and breached passwords to refuse (400009, 400006 on the field, errorDetails COMMON_PASSWORD), as the
   * embedded provider does; tests in Node pass `loadCommonPasswords()` from `./common-passwords.node`.
   */
  commonPasswords?: CommonPasswords;
}

/** The in-memory provider plus the controls a test or a demo needs. */
export interface FakeIdentityProvider extends IdentityProvider {
  readonly clock: FakeClock;
  readonly sentMails: readonly SentMail[];
  /** Every call made, in order, with its parameters. */
  readonly calls: readonly { method: IdentityMethod; params: unknown }[];
  /** The newest mail to `to` (of `kind`, when given). */
  lastMail(to: string, kind?: FakeMailKind): SentMail | undefined;
  /** The next call of `method` rejects with a transport error (code 'network' unless given). */
  failNext(method: IdentityMethod, error?: IdentityTransportError | TransportErrorCode): void;
  /** While on, every call rejects as if the provider were down. */
  setOutage(on: boolean): void;
  /** Follows a link from a mail the way the browser would; answers where the browser lands (path and query). */
  openLink(link: string): string;
  /** What an operator does: the account can no longer log in (403041) and its sessions end. */
  disableAccount(email: string): void;
  enableAccount(email: string): void;
  /** What the social provider answers next for `provider`; undefined makes it a cancelled login. */
  setSocialIdentity(provider: SocialProviderName, identity: FakeSocialIdentity | undefined): void;
  /** The backend's token exchange for a newsletter subscriber: finds or creates a lite account, 1 h regToken. */
  issueSubscriberRegToken(email: string): { regToken: string; createdAt: string; expiresAt: string };
  /** Changes a consent statement, e.g. raises `minDocVersion` so accounts must accept again. */
  setConsent(id: string, details: ConsentDetails): void;
  /** A copy of an account for assertions; undefined when there is none. */
  account(email: string): (AccountInfo & { email: string; locked: boolean; disabled: boolean }) | undefined;
}

// ---- internal model ----

interface Account {
  UID: string;
  email: string;
  password?: string;
  isRegistered: boolean;
  isVerified: boolean;
  disabled: boolean;
  profile: Record<string, unknown>;
  data: Record<string, unknown>;
  preferences: Record<string, unknown>;
  subscriptions: Record<string, unknown>;
  created: number;
  lastLogin?: number;
  regSource?: string;
  lang: string;
  loginProvider: string;
  social: { provider: SocialProviderName; providerUID: string }[];
  failures: number[];
  lockedUntil: number;
  lastResetMailAt?: number;
  pendingFields: string[];
  /** Unverified registrations are deleted after this (verification link lifetime). */
  deleteAfter?: number;
}

type TokenKind = FakeMailKind | 'registration' | 'social' | 'subscriber';

interface Token {
  token: string;
  kind: TokenKind;
  UID?: string;
  expiresAt: number;
  used: boolean;
  social?: { provider: SocialProviderName; providerUID: string; identity: FakeSocialIdentity };
  subscription?: string;
}

// The identity contract's durations and messages (services/api/api/identity-contract.yaml).
const LOCKOUT_WINDOW = Durations.lockoutWindow;
const LOCKOUT_TIME = Durations.lockoutDuration;
const RESET_RETRY_WAIT = Durations.resetFrequency;
const VERIFICATION_LIFETIME = Durations.verificationLinkLifetime;
const REMINDER_CONFIRM_LIFETIME = Durations.productReminderConfirmationLinkLifetime;
const REG_TOKEN_LIFETIME = Durations.regTokenLifetime;
const RESET_TOKEN_LIFETIME = Durations.resetLinkLifetime;

const MESSAGES: Record<number, string> = Object.fromEntries(ErrorCatalogue.map((c) => [c.code, c.message]));

/**
 * An in-memory identity provider that follows the identity contract: deterministic ids and tokens, a clock
 * the test moves, and the mails it would have sent. Use it in unit tests and in demo/QA builds (never in
 * production); the contract suite keeps it honest against the embedded provider.
 */
/** The validation message of a common password (the embedded provider's wording). */
const COMMON_PASSWORD_MESSAGE = 'This password is too common: it appears in lists of breached passwords.';

export function createFakeProvider(options: FakeProviderOptions = {}): FakeIdentityProvider {
  const clock = options.clock ?? createClock();
  const schema = clone(options.schema ?? defaultSchema);
  const policies = clone(options.policies ?? defaultPolicies);
  const consent = clone(options.consent ?? defaultConsent);
  const social: Partial<Record<SocialProviderName, FakeSocialIdentity>> = { ...(options.social ?? {}) };
  const linkBase = (options.linkBaseUrl ?? 'http://localhost').replace(/\/+$/, '');
  const events = new IdentityEvents();
  const accounts = new Map<string, Account>(); // by UID
  const tokens = new Map<string, Token>();
  const sentMails: SentMail[] = [];
  const calls: { method: IdentityMethod; params: unknown }[] = [];
  const failures = new Map<IdentityMethod, IdentityTransportError[]>();
  /**
   * Failed logins of login IDs without a usable account, by the ID as typed (trimmed, lower-cased): the embedded
   * provider locks these too, so that 403042 then 403120 tells nobody whether an address has an account.
   */
  const unknownLogins = new Map<string, { failures: number[]; lockedUntil: number }>();
  let outage = options.outage ?? false;
  let session: { UID: string } | undefined;
  let counter = 0;

  const nextId = (prefix: string) => `${prefix}${(++counter).toString(36).padStart(6, '0')}`;
  const now = () => clock.now();
  const iso = (ms: number) => new Date(ms).toISOString();

  // ---- envelopes ----

  function base(errorCode: number): Envelope & { statusReason: string } {
    return {
      errorCode,
      statusCode: statusCodeOf(errorCode),
      statusReason: errorCode === 0 ? 'OK' : MESSAGES[errorCode] ?? 'Error',
      callId: nextId('call'),
      time: iso(now()),
    };
  }
  function ok<T extends object>(extra?: T): Envelope & T {
    return { ...base(0), ...(extra ?? ({} as T)) };
  }
  function fail<T extends object>(errorCode: number, errorDetails?: string, extra?: T): Envelope & T {
    return {
      ...base(errorCode),
      errorMessage: MESSAGES[errorCode] ?? 'Error',
      errorDetails: errorDetails ?? MESSAGES[errorCode] ?? '',
      ...(extra ?? ({} as T)),
    };
  }
  function validationFailed(validationErrors: ValidationError[]) {
    const common = validationErrors.some((e) => e.message === COMMON_PASSWORD_MESSAGE);
    return fail(ErrorCode.VALIDATION, common ? ErrorDetails.COMMON_PASSWORD : 'Validation failed', { validationErrors });
  }

  // ---- accounts ----

  function byEmail(email: string | undefined): Account | undefined {
    if (!email) return undefined;
    const wanted = email.trim().toLowerCase();
    for (const acc of accounts.values()) if (acc.email === wanted) return acc;
    return undefined;
  }

  /** Unverified registrations whose link expired are gone: "no account is created" (spec 000 §1). */
  function purge() {
    for (const acc of [...accounts.values()]) {
      if (!acc.isVerified && acc.deleteAfter !== undefined && acc.deleteAfter <= now()) {
        accounts.delete(acc.UID);
        if (session?.UID === acc.UID) session = undefined;
      }
    }
  }

  function newAccount(email: string): Account {
    const acc: Account = {
      UID: nextId('uid'),
      email: email.trim().toLowerCase(),
      isRegistered: false,
      isVerified: false,
      disabled: false,
      profile: { email: email.trim().toLowerCase() },
      data: {},
      preferences: {},
      subscriptions: {},
      created: now(),
      lang: 'de',
      loginProvider: 'site',
      social: [],
      failures: [],
      lockedUntil: 0,
      pendingFields: [],
    };
    accounts.set(acc.UID, acc);
    return acc;
  }

  function accountAnswer(acc: Account, include = 'profile,data', extraProfileFields = '') {
    const sections = new Set(include.split(',').map((s) => s.trim()));
    const answer: Partial<AccountInfo> & { UID: string } = {
      UID: acc.UID,
      isRegistered: acc.isRegistered,
      isVerified: acc.isVerified,
      isActive: !acc.disabled,
      created: iso(acc.created),
      lastLogin: acc.lastLogin === undefined ? undefined : iso(acc.lastLogin),
      regSource: acc.regSource,
      loginProvider: acc.loginProvider,
      socialProviders: ['site', ...acc.social.map((s) => s.provider)].join(','),
    };
    if (sections.has('profile')) {
      const profile = clone(acc.profile) as Profile;
      if (!extraProfileFields.split(',').map((s) => s.trim()).includes('phones')) delete profile.phones;
      answer.profile = profile;
    }
    if (sections.has('data')) answer.data = clone(acc.data);
    if (sections.has('preferences')) answer.preferences = clone(acc.preferences) as AccountInfo['preferences'];
    if (sections.has('subscriptions')) answer.subscriptions = clone(acc.subscriptions) as AccountInfo['subscriptions'];
    return answer;
  }

  function startSession(acc: Account, provider: string, newUser: boolean, include?: string, extra: object = {}) {
    session = { UID: acc.UID };
    acc.lastLogin = now();
    acc.loginProvider = provider;
    const full = accountAnswer(acc, 'profile,data,preferences,subscriptions', 'phones');
    events.emitLogin({
      eventName: 'login',
      UID: acc.UID,
      provider,
      profile: full.profile,
      data: full.data,
      preferences: full.preferences,
      subscriptions: full.subscriptions,
      newUser,
    });
    return ok({ ...accountAnswer(acc, include), newUser, ...extra });
  }

  function sessionAccount(): Account | undefined {
    const acc = session ? accounts.get(session.UID) : undefined;
    return acc && !acc.disabled ? acc : undefined;
  }

  // ---- tokens ----

  function issue(kind: TokenKind, lifetime: number, fields: Partial<Token> = {}): Token {
    const token: Token = { token: nextId(tokenPrefix(kind)), kind, expiresAt: now() + lifetime, used: false, ...fields };
    tokens.set(token.token, token);
    return token;
  }
  function valid(value: string | undefined, kinds: TokenKind[]): Token | undefined {
    const token = value === undefined ? undefined : tokens.get(value);
    if (!token || token.used || token.expiresAt <= now() || !kinds.includes(token.kind)) return undefined;
    if (token.UID !== undefined && !accounts.has(token.UID)) return undefined;
    return token;
  }
  /** The account a regToken gives access to without a session. */
  function tokenAccount(regToken: string | undefined): Account | undefined {
    const token = valid(regToken, ['registration', 'subscriber']);
    return token?.UID === undefined ? undefined : accounts.get(token.UID);
  }
  function registrationToken(acc: Account): string {
    return issue('registration', REG_TOKEN_LIFETIME, { UID: acc.UID }).token;
  }

  // ---- mails ----

  function send(acc: Account, kind: FakeMailKind, token: Token, link: string) {
    sentMails.push({ to: acc.email, kind, token: token.token, link, sentAt: iso(now()), lang: acc.lang, subscription: token.subscription });
  }
  function sendVerification(acc: Account) {
    const token = issue('verification', VERIFICATION_LIFETIME, { UID: acc.UID });
    acc.deleteAfter = Math.max(acc.deleteAfter ?? 0, token.expiresAt);
    send(acc, 'verification', token, `${linkBase}${Links.verifyEmail.path}?${Links.verifyEmail.tokenParam}=${token.token}`);
  }

  // ---- rules ----

  function missingFields(acc: Account): string[] {
    const missing: string[] = [];
    for (const [section, values] of [
      ['profile', acc.profile],
      ['data', acc.data],
    ] as const) {
      const fields = (section === 'profile' ? schema.profileSchema : schema.dataSchema).fields;
      for (const [name, field] of Object.entries(fields)) {
        if (field.required && isBlank(getPath(values, name))) missing.push(`${section}.${name}`);
      }
    }
    for (const name of acc.pendingFields) {
      const [section, ...rest] = name.split('.');
      const values = section === 'profile' ? acc.profile : section === 'data' ? acc.data : undefined;
      if (values && isBlank(getPath(values, rest.join('.'))) && !missing.includes(name)) missing.push(name);
    }
    for (const [id, details] of Object.entries(consent)) {
      if (!details.isActive || !details.isMandatory) continue;
      const state = getPath(acc.preferences, id) as { isConsentGranted?: boolean; docVersion?: number } | undefined;
      const statement = statementFor(details, acc.lang);
      const accepted = state?.isConsentGranted === true && (state.docVersion ?? statement?.currentDocVersion ?? 0) >= (statement?.minDocVersion ?? 0);
      if (!accepted) missing.push(`preferences.${id}`);
    }
    return missing;
  }

  function passwordProblem(password: string): string | undefined {
    // The contract's policy check, shared with libs/forms: code points, character groups by Unicode category.
    const { minLength } = policies.passwordComplexity;
    switch (passwordPolicyProblem(password, policies.passwordComplexity)) {
      case 'minLength':
        return `The password must be at least ${minLength} characters long.`;
      case 'maxLength':
        return 'The password is too long.';
      case 'charGroups':
      case 'regExp':
        return 'The password does not meet the complexity requirements.';
    }
    if (options.commonPasswords?.has(password)) return COMMON_PASSWORD_MESSAGE;
    return undefined;
  }

  /** Checks written profile/data values against the schema; answers the validation errors and read-only writes. */
  function checkSections(profile: unknown, data: unknown): { errors: ValidationError[]; readOnly?: string } {
    const errors: ValidationError[] = [];
    let readOnly: string | undefined;
    const visit = (section: 'profile' | 'data', fields: Record<string, SchemaField>, value: unknown, path: string) => {
      if (Array.isArray(value)) {
        for (const item of value) visit(section, fields, item, path);
        return;
      }
      if (isPlainObject(value) && !(path && fields[path] && fields[path].type !== 'object')) {
        for (const [key, child] of Object.entries(value)) visit(section, fields, child, path ? `${path}.${key}` : key);
        return;
      }
      const field = fields[path];
      if (!field) return;
      if (field.writeAccess === 'serverOnly') {
        readOnly ??= `${section}.${path}`;
        return;
      }
      const problem = formatProblem(field, value);
      if (problem) errors.push({ fieldName: `${section}.${path}`, errorCode: problem.code, message: problem.message });
    };
    if (profile !== undefined) visit('profile', schema.profileSchema.fields, profile, '');
    if (data !== undefined) visit('data', schema.dataSchema.fields, data, '');
    return { errors, readOnly };
  }

  function applyPreferences(acc: Account, preferences: unknown) {
    if (!isPlainObject(preferences)) return;
    for (const id of Object.keys(consent).concat(Object.keys(schema.preferencesSchema.fields))) {
      const written = getPath(preferences, id);
      if (!isPlainObject(written)) continue;
      const statement = consent[id] ? statementFor(consent[id], acc.lang) : undefined;
      const previous = (getPath(acc.preferences, id) as Record<string, unknown> | undefined) ?? {};
      const next: Record<string, unknown> = { ...previous, ...written, lastConsentModified: iso(now()) };
      if (written.isConsentGranted === true && written.docVersion === undefined) next.docVersion = statement?.currentDocVersion ?? 1;
      setPath(acc.preferences, id, next);
    }
  }

  function applySubscriptions(acc: Account, updates: SubscriptionsUpdate | undefined) {
    if (!updates) return;
    for (const [key, update] of Object.entries(updates)) {
      const wanted = update.email?.isSubscribed;
      if (typeof wanted !== 'boolean') continue;
      const current = (acc.subscriptions[key] as { email?: { isSubscribed?: boolean; doubleOptIn?: Record<string, unknown> } } | undefined)?.email;
      const doubleOptIn = schema.subscriptionsSchema.fields[`${key}.email`]?.doubleOptIn === true;
      let status = (current?.doubleOptIn?.status as string | undefined) ?? 'NotConfirmed';
      let emailSentTime = current?.doubleOptIn?.emailSentTime as string | undefined;
      if (wanted && !current?.isSubscribed && doubleOptIn && status !== 'Confirmed') {
        const lifetime = key === 'SVC_PRODUCT_REMINDER' ? REMINDER_CONFIRM_LIFETIME : VERIFICATION_LIFETIME;
        const token = issue('double-opt-in', lifetime, { UID: acc.UID, subscription: key });
        send(acc, 'double-opt-in', token, `${linkBase}${Links.confirmSubscription.path}?${Links.confirmSubscription.tokenParam}=${token.token}`);
        status = 'Pending';
        emailSentTime = iso(now());
      }
      if (!wanted) {
        status = 'NotConfirmed';
        for (const t of tokens.values()) if (t.kind === 'double-opt-in' && t.UID === acc.UID && t.subscription === key) t.used = true;
      }
      acc.subscriptions[key] = {
        email: { isSubscribed: wanted, doubleOptIn: dropUndefined({ status, emailSentTime, confirmTime: status === 'Confirmed' ? current?.doubleOptIn?.confirmTime : undefined }) },
      };
    }
  }

  function write(acc: Account, p: { profile?: unknown; data?: unknown; preferences?: unknown; subscriptions?: SubscriptionsUpdate; lang?: string }) {
    if (isPlainObject(p.profile)) {
      deepMerge(acc.profile, p.profile);
      if (typeof p.profile.email === 'string') acc.email = p.profile.email.trim().toLowerCase();
    }
    if (isPlainObject(p.data)) deepMerge(acc.data, p.data);
    if (p.lang) acc.lang = p.lang;
    applyPreferences(acc, p.preferences);
    applySubscriptions(acc, p.subscriptions);
    acc.pendingFields = acc.pendingFields.filter((name) => {
      const [section, ...rest] = name.split('.');
      const values = section === 'profile' ? acc.profile : section === 'data' ? acc.data : acc.preferences;
      return isBlank(getPath(values, rest.join('.')));
    });
  }

  // ---- seeds ----

  for (const seed of options.accounts ?? []) {
    const acc = newAccount(seed.email);
    if (seed.UID) {
      accounts.delete(acc.UID);
      acc.UID = seed.UID;
      accounts.set(acc.UID, acc);
    }
    acc.password = seed.password;
    acc.isRegistered = seed.password !== undefined || (seed.socialProviders?.length ?? 0) > 0;
    acc.isVerified = seed.verified ?? true;
    acc.disabled = seed.disabled ?? false;
    acc.lockedUntil = seed.locked ? now() + LOCKOUT_TIME : 0;
    acc.pendingFields = [...(seed.pendingFields ?? [])];
    acc.profile = { ...clone(seed.profile ?? {}), email: acc.email };
    acc.data = clone(seed.data ?? {});
    acc.preferences = clone(seed.preferences ?? {});
    acc.subscriptions = clone(seed.subscriptions ?? {});
    acc.social = (seed.socialProviders ?? []).map((provider) => ({ provider, providerUID: `${provider}-${acc.email}` }));
    if (seed.created) acc.created = new Date(seed.created).getTime();
    acc.regSource = seed.regSource;
    acc.lang = seed.lang ?? 'de';
    if (!acc.isVerified && acc.isRegistered) acc.deleteAfter = now() + VERIFICATION_LIFETIME;
  }
  for (const seed of options.tokens ?? []) {
    const acc = byEmail(seed.email);
    if (!acc) throw new Error(`fake identity: token ${seed.token} names unknown account ${seed.email}`);
    const lifetime = seed.kind === 'verification' || seed.kind === 'double-opt-in' ? VERIFICATION_LIFETIME : HOUR;
    tokens.set(seed.token, {
      token: seed.token,
      kind: seed.kind,
      UID: acc.UID,
      expiresAt: seed.expired ? now() - 1 : now() + lifetime,
      used: seed.used ?? false,
      subscription: seed.subscription,
    });
  }

  // ---- the provider ----

  async function guard(method: IdentityMethod, params: unknown) {
    calls.push({ method, params: clone(params ?? {}) });
    const queued = failures.get(method)?.shift();
    if (queued) throw queued;
    if (outage) throw new IdentityTransportError('outage', `accounts.${method}: the identity provider is not reachable`);
    purge();
  }

  const provider: IdentityProvider = {
    async initRegistration(params = {}) {
      await guard('initRegistration', params);
      return ok({ regToken: issue('registration', REG_TOKEN_LIFETIME).token });
    },

    async register(params) {
      await guard('register', params);
      if (!params.regToken) return fail(ErrorCode.MISSING_REQUIRED_PARAMETER, 'regToken');
      const token = valid(params.regToken, ['registration']);
      if (!token) return fail(ErrorCode.INVALID_PARAMETER, 'Invalid regToken');
      const errors: ValidationError[] = [];
      const email = typeof params.email === 'string' ? params.email.trim() : '';
      if (!email) errors.push({ fieldName: 'email', errorCode: ErrorCode.MISSING_REQUIRED_VALUE, message: 'Missing required field' });
      else if (!EMAIL.test(email)) errors.push({ fieldName: 'email', errorCode: ErrorCode.INVALID_FORMAT, message: 'Invalid email format' });
      if (!params.password) errors.push({ fieldName: 'password', errorCode: ErrorCode.MISSING_REQUIRED_VALUE, message: 'Missing required field' });
      else {
        const problem = passwordProblem(params.password);
        if (problem) errors.push({ fieldName: 'password', errorCode: ErrorCode.INVALID_PARAMETER, message: problem });
      }
      const checked = checkSections(params.profile, params.data);
      if (checked.readOnly) return fail(ErrorCode.READ_ONLY_FIELD, checked.readOnly);
      errors.push(...checked.errors);
      const existing = byEmail(email);
      if (existing?.isRegistered && !errors.some((e) => e.fieldName === 'email')) {
        errors.push({ fieldName: 'email', errorCode: ErrorCode.UNIQUE_IDENTIFIER_EXISTS, message: 'email already exists' });
      }
      if (errors.length > 0) return validationFailed(errors);

      const acc = existing ?? newAccount(email);
      acc.password = params.password;
      acc.isRegistered = true;
      acc.isVerified = false;
      acc.regSource = params.regSource;
      acc.created = now();
      write(acc, { ...params, profile: { ...(params.profile ?? {}), email: acc.email } });
      token.used = true;
      const missing = missingFields(acc);
      if (missing.length > 0) return fail(ErrorCode.PENDING_REGISTRATION, 'Account Pending Registration', { regToken: registrationToken(acc), UID: acc.UID });
      sendVerification(acc);
      return fail(ErrorCode.PENDING_VERIFICATION, 'Account Pending Verification', { regToken: registrationToken(acc), UID: acc.UID });
    },

    async finalizeRegistration(params) {
      await guard('finalizeRegistration', params);
      const token = valid(params.regToken, ['registration']);
      const acc = token?.UID === undefined ? undefined : accounts.get(token.UID);
      if (!token || !acc) return fail(ErrorCode.INVALID_PARAMETER, 'Invalid regToken');
      if (missingFields(acc).length > 0) return fail(ErrorCode.PENDING_REGISTRATION, 'Account Pending Registration', { regToken: token.token });
      if (!acc.isVerified) {
        if (acc.deleteAfter === undefined) sendVerification(acc);
        return fail(ErrorCode.PENDING_VERIFICATION, 'Account Pending Verification', { regToken: token.token });
      }
      token.used = true;
      return startSession(acc, acc.social.length > 0 && !acc.password ? (acc.social[0]?.provider ?? 'site') : 'site', true, params.include);
    },

    async login(params) {
      await guard('login', params);
      const found = byEmail(params.loginID);
      const unknownKey = (params.loginID ?? '').trim().toLowerCase();
      const acc = found?.password && found.isRegistered ? found : undefined;
      const lock = acc ?? unknownLogins.get(unknownKey) ?? { failures: [], lockedUntil: 0 };
      if (!acc) unknownLogins.set(unknownKey, lock);
      if (lock.lockedUntil > now()) return fail(ErrorCode.LOCKED_OUT, 'Account temporarily locked out');
      if (!acc || params.password !== acc.password) {
        lock.failures = lock.failures.filter((t) => t > now() - LOCKOUT_WINDOW).concat(now());
        if (lock.failures.length >= (policies.security?.accountLockout?.failedLoginThreshold ?? Lockout.maxFailures)) {
          lock.lockedUntil = now() + LOCKOUT_TIME;
          lock.failures = [];
        }
        return fail(ErrorCode.INVALID_LOGIN, 'invalid loginID or password');
      }
      acc.failures = [];
      if (acc.disabled) return fail(ErrorCode.ACCOUNT_DISABLED, 'Account disabled');
      if (params.loginMode === 'link') {
        const token = valid(params.regToken, ['social']);
        if (!token?.social) return fail(ErrorCode.INVALID_PARAMETER, 'Invalid regToken');
        const identity = token.social;
        token.used = true;
        if (acc.social.some((s) => s.provider === identity.provider && s.providerUID === identity.providerUID)) {
          return fail(ErrorCode.STALE_LINK_TOKEN, 'Accounts already linked');
        }
        acc.social.push({ provider: identity.provider, providerUID: identity.providerUID });
      }
      const missing = missingFields(acc);
      if (missing.length > 0) {
        const withMissing = (params.include ?? '').split(',').map((s) => s.trim()).includes('missing-required-fields');
        return fail(ErrorCode.PENDING_REGISTRATION, 'Account Pending Registration', {
          regToken: registrationToken(acc),
          ...(withMissing ? { missingRequiredFields: missing } : {}),
        });
      }
      if (!acc.isVerified) return fail(ErrorCode.PENDING_VERIFICATION, 'Account Pending Verification', { regToken: registrationToken(acc) });
      return startSession(acc, 'site', false, params.include);
    },

    async socialLogin(params) {
      await guard('socialLogin', params);
      const identity = social[params.provider];
      if (!identity) return fail(ErrorCode.CANCELLED, 'Operation canceled');
      if (identity.error !== undefined) return fail(identity.error);
      const email = (identity.email ?? '').trim().toLowerCase();
      const providerUID = identity.providerUID ?? `${params.provider}-${email}`;
      const linked = [...accounts.values()].find((a) => a.social.some((s) => s.provider === params.provider && s.providerUID === providerUID));
      if (linked) {
        if (linked.disabled) return fail(ErrorCode.ACCOUNT_DISABLED, 'Account disabled');
        if (missingFields(linked).length > 0) return fail(ErrorCode.PENDING_REGISTRATION, 'Account Pending Registration', { regToken: registrationToken(linked) });
        return startSession(linked, params.provider, false, params.include, { provider: params.provider });
      }
      const existing = byEmail(email);
      if (existing?.isRegistered) {
        const token = issue('social', REG_TOKEN_LIFETIME, { social: { provider: params.provider, providerUID, identity: { ...identity } } });
        return fail(ErrorCode.SOCIAL_CONFLICT, 'loginID already exists', { regToken: token.token, provider: params.provider });
      }
      const acc = existing ?? newAccount(email);
      acc.isRegistered = true;
      acc.isVerified = true;
      acc.social.push({ provider: params.provider, providerUID });
      acc.loginProvider = params.provider;
      deepMerge(acc.profile, dropUndefined({ firstName: identity.firstName, lastName: identity.lastName }));
      if (missingFields(acc).length > 0) {
        return fail(ErrorCode.PENDING_REGISTRATION, 'Account Pending Registration', { regToken: registrationToken(acc), provider: params.provider });
      }
      return startSession(acc, params.provider, true, params.include, { provider: params.provider });
    },

    async getConflictingAccount(params) {
      await guard('getConflictingAccount', params);
      const token = valid(params.regToken, ['social']);
      const acc = byEmail(token?.social?.identity.email);
      if (!acc) return fail(ErrorCode.INVALID_PARAMETER, 'Invalid regToken');
      return ok({ conflictingAccount: { loginID: acc.email, loginProviders: ['site', ...acc.social.map((s) => s.provider)] } });
    },

    async getAccountInfo(params = {}) {
      await guard('getAccountInfo', params);
      const acc = tokenAccount(params.regToken) ?? sessionAccount();
      if (!acc) return fail(ErrorCode.UNAUTHORIZED, 'Unauthorized user');
      return ok(accountAnswer(acc, params.include, params.extraProfileFields));
    },

    async setAccountInfo(params) {
      await guard('setAccountInfo', params);
      const acc = tokenAccount(params.regToken) ?? sessionAccount();
      if (!acc) return fail(ErrorCode.UNAUTHORIZED, 'Unauthorized user');
      if (params.newPassword !== undefined) {
        // The current password is required (400002) before it is checked (403042), as in the embedded provider.
        if (!params.password) return fail(ErrorCode.MISSING_REQUIRED_PARAMETER, 'password');
        if (!acc.password || params.password !== acc.password) {
          return fail(ErrorCode.INVALID_LOGIN, 'invalid password', {
            validationErrors: [{ fieldName: 'password', errorCode: ErrorCode.INVALID_LOGIN, message: 'invalid password' }],
          });
        }
        if (params.newPassword === acc.password) return fail(ErrorCode.INVALID_PARAMETER, SAME_PASSWORD_DETAILS);
        const problem = passwordProblem(params.newPassword);
        if (problem) return validationFailed([{ fieldName: 'newPassword', errorCode: ErrorCode.INVALID_PARAMETER, message: problem }]);
      }
      const checked = checkSections(params.profile, params.data);
      if (checked.readOnly) return fail(ErrorCode.READ_ONLY_FIELD, checked.readOnly);
      if (checked.errors.length > 0) return validationFailed(checked.errors);
      const newEmail = typeof params.profile?.email === 'string' ? params.profile.email.trim().toLowerCase() : undefined;
      if (newEmail !== undefined && newEmail !== acc.email) {
        if (!EMAIL.test(newEmail)) return validationFailed([{ fieldName: 'profile.email', errorCode: ErrorCode.INVALID_FORMAT, message: 'Invalid email format' }]);
        // Changing the login e-mail needs the current password (spec 000 §6).
        if (acc.password !== undefined) {
          if (!params.password) return fail(ErrorCode.MISSING_REQUIRED_PARAMETER, 'password');
          if (params.password !== acc.password) return fail(ErrorCode.INVALID_LOGIN, 'invalid password');
        }
        if (byEmail(newEmail)) return fail(ErrorCode.UNIQUE_IDENTIFIER_EXISTS, 'email already exists');
      }
      if (params.newPassword !== undefined) acc.password = params.newPassword;
      write(acc, params);
      return ok();
    },

    async resetPassword(params) {
      await guard('resetPassword', params);
      if ('passwordResetToken' in params) {
        const token = valid(params.passwordResetToken, ['password-reset']);
        const acc = token?.UID === undefined ? undefined : accounts.get(token.UID);
        if (!token || !acc) return fail(ErrorCode.PASSWORD_TOKEN_INVALID, 'Invalid or expired password reset token');
        const problem = passwordProblem(params.newPassword ?? '');
        if (problem) return validationFailed([{ fieldName: 'newPassword', errorCode: ErrorCode.INVALID_PARAMETER, message: problem }]);
        token.used = true;
        acc.password = params.newPassword;
        acc.failures = [];
        acc.lockedUntil = 0;
        if (session?.UID === acc.UID) session = undefined;
        return ok({ UID: acc.UID });
      }
      const acc = byEmail(params.loginID);
      if (!acc?.isRegistered) return fail(ErrorCode.LOGIN_ID_UNKNOWN, 'No user with this username or e-mail');
      if (acc.lastResetMailAt !== undefined && now() - acc.lastResetMailAt < RESET_RETRY_WAIT) {
        return fail(ErrorCode.FREQUENCY_LIMIT, 'A password reset mail was sent less than 15 minutes ago');
      }
      for (const t of tokens.values()) if (t.kind === 'password-reset' && t.UID === acc.UID) t.used = true;
      const token = issue('password-reset', RESET_TOKEN_LIFETIME, { UID: acc.UID });
      acc.lastResetMailAt = now();
      if (params.lang) acc.lang = params.lang;
      send(acc, 'password-reset', token, `${linkBase}${Links.resetPassword.path}?${Links.resetPassword.tokenParam}=${token.token}`);
      return ok();
    },

    async resendVerificationCode(params) {
      await guard('resendVerificationCode', params);
      const acc = 'regToken' in params ? tokenAccount(params.regToken) : byEmail(params.email);
      if (!acc?.isRegistered || acc.isVerified) return fail(ErrorCode.INVALID_PARAMETER, 'unknown or already verified');
      sendVerification(acc);
      return ok();
    },

    async getSchema(params = {}) {
      await guard('getSchema', params);
      return ok(clone(schema));
    },

    async getPolicies(params = {}) {
      await guard('getPolicies', params);
      return ok(clone(policies));
    },

    async getSiteConsentDetails() {
      await guard('getSiteConsentDetails', {});
      return ok({ siteConsentDetails: clone(consent) });
    },

    async logout() {
      await guard('logout', {});
      session = undefined;
      events.emitLogout();
      return ok();
    },

    onLogin: events.onLogin,
    onLogout: events.onLogout,
  };

  return {
    ...provider,
    clock,
    get sentMails() {
      return sentMails;
    },
    get calls() {
      return calls;
    },
    lastMail(to, kind) {
      const wanted = to.trim().toLowerCase();
      return [...sentMails].reverse().find((m) => m.to === wanted && (kind === undefined || m.kind === kind));
    },
    failNext(method, error = 'network') {
      const queued = failures.get(method) ?? [];
      queued.push(typeof error === 'string' ? new IdentityTransportError(error, `accounts.${method}: simulated ${error} failure`) : error);
      failures.set(method, queued);
    },
    setOutage(on) {
      outage = on;
    },
    openLink(link) {
      purge();
      const url = new URL(link, linkBase);
      const value = url.searchParams.get(Links.verifyEmail.tokenParam) ?? '';
      if (url.pathname.endsWith(Links.verifyEmail.path)) {
        const landing = (code: number) => `${Pages.doubleOptInDone}?errorCode=${code}`;
        const token = tokens.get(value);
        if (!token || token.kind !== 'verification' || token.used) return landing(ErrorCode.NOT_FOUND);
        if (token.expiresAt <= now()) return landing(ErrorCode.ACTIVATION_EXPIRED);
        const acc = token.UID === undefined ? undefined : accounts.get(token.UID);
        if (!acc) return landing(ErrorCode.NOT_FOUND);
        token.used = true;
        acc.isVerified = true;
        acc.deleteAfter = undefined;
        return landing(ErrorCode.OK);
      }
      if (url.pathname.endsWith(Links.confirmSubscription.path)) {
        const token = tokens.get(value);
        // As the service: the confirmed page, else the preference centre's error page with the code.
        const failed = (code: number) => `${Pages.preferencesDoubleOptInError}${code}`;
        if (!token || token.kind !== 'double-opt-in' || token.used) return failed(ErrorCode.NOT_FOUND);
        if (token.expiresAt <= now()) return failed(ErrorCode.ACTIVATION_EXPIRED);
        const acc = token.UID === undefined ? undefined : accounts.get(token.UID);
        const sub = acc && token.subscription ? (acc.subscriptions[token.subscription] as { email?: { doubleOptIn?: object } } | undefined) : undefined;
        if (!acc || !sub?.email) return failed(ErrorCode.NOT_FOUND);
        token.used = true;
        sub.email.doubleOptIn = { ...sub.email.doubleOptIn, status: 'Confirmed', confirmTime: iso(now()) };
        return Pages.preferencesDoubleOptInDone;
      }
      return `${url.pathname}${url.search}`;
    },
    disableAccount(email) {
      const acc = byEmail(email);
      if (!acc) throw new Error(`fake identity: no account ${email}`);
      acc.disabled = true;
      if (session?.UID === acc.UID) session = undefined;
    },
    enableAccount(email) {
      const acc = byEmail(email);
      if (acc) acc.disabled = false;
    },
    setSocialIdentity(name, identity) {
      social[name] = identity;
    },
    issueSubscriberRegToken(email) {
      purge();
      const acc = byEmail(email) ?? newAccount(email);
      const token = issue('subscriber', REG_TOKEN_LIFETIME, { UID: acc.UID });
      return { regToken: token.token, createdAt: iso(now()), expiresAt: iso(token.expiresAt) };
    },
    setConsent(id, details) {
      consent[id] = clone(details);
    },
    account(email) {
      purge();
      const acc = byEmail(email);
      if (!acc) return undefined;
      return {
        ...accountAnswer(acc, 'profile,data,preferences,subscriptions', 'phones'),
        email: acc.email,
        locked: acc.lockedUntil > now(),
        disabled: acc.disabled,
      };
    },
  };
}

// ---- helpers ----

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function tokenPrefix(kind: TokenKind): string {
  return { registration: 'rt', social: 'st', subscriber: 'rt', verification: 'vt', 'password-reset': 'pwrt', 'double-opt-in': 'doi' }[kind] + '_';
}

function statementFor(details: ConsentDetails, lang: string) {
  return details.legalStatements[lang] ?? Object.values(details.legalStatements)[0];
}

function formatProblem(field: SchemaField, value: unknown): { code: number; message: string } | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const format = field.format ?? '';
  const range = /^range\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)$/.exec(format);
  if (range) {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isInteger(n) || n < Number(range[1]) || n > Number(range[2])) {
      return { code: ErrorCode.INVALID_PARAMETER, message: `Value must be between ${range[1]} and ${range[2]}` };
    }
    return undefined;
  }
  if (format === 'email' && !EMAIL.test(String(value))) return { code: ErrorCode.INVALID_FORMAT, message: 'Invalid email format' };
  const regex = /^regex\('(.*)'\)$/s.exec(format);
  if (regex && !new RegExp(regex[1] ?? '', 'u').test(String(value))) return { code: ErrorCode.INVALID_FORMAT, message: 'Invalid format' };
  if (field.type === 'long' && !Number.isInteger(typeof value === 'number' ? value : Number(value))) {
    return { code: ErrorCode.INVALID_FORMAT, message: 'Invalid number' };
  }
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function getPath(target: unknown, path: string): unknown {
  let current = target;
  for (const key of path.split('.')) {
    if (Array.isArray(current)) current = current[0];
    if (!isPlainObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let current = target;
  for (const key of keys.slice(0, -1)) {
    if (!isPlainObject(current[key])) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
  current[keys[keys.length - 1] ?? ''] = value;
}

/** Objects merge key by key, arrays and values replace, null removes (the provider's rule for `data`). */
function deepMerge(target: Record<string, unknown>, patch: Record<string, unknown>) {
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete target[key];
    else if (isPlainObject(value)) {
      if (!isPlainObject(target[key])) target[key] = {};
      deepMerge(target[key] as Record<string, unknown>, value);
    } else if (value !== undefined) target[key] = clone(value);
  }
}

function dropUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
