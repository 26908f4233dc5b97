import { ErrorCode, statusCodeOf, type Envelope, type ValidationError } from '../../envelope';
import { IdentityTransportError } from '../../errors';
import { IdentityEvents } from '../../events';
import type { AccountInfo, AccountSchema, ConsentDetails, IdentityMethod, Policies, Profile, SocialProviderName } from '../../types';
import { createClock, HOUR, type FakeClock } from '../clock';
import { defaultConsent, defaultPolicies, defaultSchema } from '../defaults';
import {
  LOCKOUT_TIME,
  MESSAGES,
  REG_TOKEN_LIFETIME,
  VERIFICATION_LIFETIME,
  type Account,
  type FakeMailKind,
  type FakeProviderOptions,
  type FakeSocialIdentity,
  type SentMail,
  type Token,
  type TokenKind,
} from './model';
import { clone, listOf } from './values';

/**
 * The one state every capability module of the fake works on: accounts, tokens, the session, the mails it
 * would have sent, the clock and the configuration (schema, policies, consents, social identities). It also
 * builds the envelopes, so every module answers alike.
 */
export class FakeStore {
  readonly clock: FakeClock;
  readonly schema: AccountSchema;
  readonly policies: Policies;
  readonly consent: Record<string, ConsentDetails>;
  readonly social: Partial<Record<SocialProviderName, FakeSocialIdentity>>;
  readonly linkBase: string;
  readonly events = new IdentityEvents();
  /** By UID. */
  readonly accounts = new Map<string, Account>();
  readonly tokens = new Map<string, Token>();
  readonly sentMails: SentMail[] = [];
  readonly calls: { method: IdentityMethod; params: unknown }[] = [];
  readonly failures = new Map<IdentityMethod, IdentityTransportError[]>();
  outage: boolean;
  session: { UID: string } | undefined;
  private counter = 0;

  constructor(options: FakeProviderOptions) {
    this.clock = options.clock ?? createClock();
    this.schema = clone(options.schema ?? defaultSchema);
    this.policies = clone(options.policies ?? defaultPolicies);
    this.consent = clone(options.consent ?? defaultConsent);
    this.social = { ...(options.social ?? {}) };
    this.linkBase = (options.linkBaseUrl ?? 'http://localhost').replace(/\/+$/, '');
    this.outage = options.outage ?? false;
  }

  nextId(prefix: string): string {
    return `${prefix}${(++this.counter).toString(36).padStart(6, '0')}`;
  }

  now(): number {
    return this.clock.now();
  }

  iso(ms: number): string {
    return new Date(ms).toISOString();
  }

  // ---- envelopes ----

  private base(errorCode: number): Envelope & { statusReason: string } {
    return {
      errorCode,
      statusCode: statusCodeOf(errorCode),
      statusReason: errorCode === 0 ? 'OK' : (MESSAGES[errorCode] ?? 'Error'),
      callId: this.nextId('call'),
      time: this.iso(this.now()),
    };
  }

  ok<T extends object>(extra?: T): Envelope & T {
    return { ...this.base(0), ...(extra ?? ({} as T)) };
  }

  fail<T extends object>(errorCode: number, errorDetails?: string, extra?: T): Envelope & T {
    return {
      ...this.base(errorCode),
      errorMessage: MESSAGES[errorCode] ?? 'Error',
      errorDetails: errorDetails ?? MESSAGES[errorCode] ?? '',
      ...(extra ?? ({} as T)),
    };
  }

  validationFailed(validationErrors: ValidationError[]) {
    return this.fail(ErrorCode.VALIDATION, 'Validation failed', { validationErrors });
  }

  /** What every call does first: record it, reject when told to (failNext, outage), forget what expired. */
  async guard(method: IdentityMethod, params: unknown): Promise<void> {
    this.calls.push({ method, params: clone(params ?? {}) });
    const queued = this.failures.get(method)?.shift();
    if (queued) throw queued;
    if (this.outage) throw new IdentityTransportError('outage', `accounts.${method}: the identity provider is not reachable`);
    this.purge();
  }

  // ---- accounts ----

  byEmail(email: string | undefined): Account | undefined {
    if (!email) return undefined;
    const wanted = email.trim().toLowerCase();
    for (const acc of this.accounts.values()) if (acc.email === wanted) return acc;
    return undefined;
  }

  /** Unverified registrations whose link expired are gone: "no account is created" (spec 000 §1). */
  purge() {
    for (const acc of [...this.accounts.values()]) {
      if (!acc.isVerified && acc.deleteAfter !== undefined && acc.deleteAfter <= this.now()) {
        this.accounts.delete(acc.UID);
        if (this.session?.UID === acc.UID) this.session = undefined;
      }
    }
  }

  newAccount(email: string): Account {
    const acc: Account = {
      UID: this.nextId('uid'),
      email: email.trim().toLowerCase(),
      isRegistered: false,
      isVerified: false,
      disabled: false,
      profile: { email: email.trim().toLowerCase() },
      data: {},
      preferences: {},
      subscriptions: {},
      created: this.now(),
      lang: 'de',
      loginProvider: 'site',
      social: [],
      failures: [],
      lockedUntil: 0,
      pendingFields: [],
    };
    this.accounts.set(acc.UID, acc);
    return acc;
  }

  accountAnswer(acc: Account, include = 'profile,data', extraProfileFields = '') {
    const sections = new Set(listOf(include));
    const answer: Partial<AccountInfo> & { UID: string } = {
      UID: acc.UID,
      isRegistered: acc.isRegistered,
      isVerified: acc.isVerified,
      isActive: !acc.disabled,
      created: this.iso(acc.created),
      lastLogin: acc.lastLogin === undefined ? undefined : this.iso(acc.lastLogin),
      regSource: acc.regSource,
      loginProvider: acc.loginProvider,
      socialProviders: ['site', ...acc.social.map((s) => s.provider)].join(','),
    };
    if (sections.has('profile')) {
      const profile = clone(acc.profile) as Profile;
      if (!listOf(extraProfileFields).includes('phones')) delete profile.phones;
      answer.profile = profile;
    }
    if (sections.has('data')) answer.data = clone(acc.data);
    if (sections.has('preferences')) answer.preferences = clone(acc.preferences) as AccountInfo['preferences'];
    if (sections.has('subscriptions')) answer.subscriptions = clone(acc.subscriptions) as AccountInfo['subscriptions'];
    return answer;
  }

  /** Opens a session for the account and emits onLogin with every section (as the vendor's event does). */
  startSession(acc: Account, provider: string, newUser: boolean, include?: string, extra: object = {}) {
    this.session = { UID: acc.UID };
    acc.lastLogin = this.now();
    acc.loginProvider = provider;
    const full = this.accountAnswer(acc, 'profile,data,preferences,subscriptions', 'phones');
    this.events.emitLogin({
      eventName: 'login',
      UID: acc.UID,
      provider,
      profile: full.profile,
      data: full.data,
      preferences: full.preferences,
      subscriptions: full.subscriptions,
      newUser,
    });
    return this.ok({ ...this.accountAnswer(acc, include), newUser, ...extra });
  }

  sessionAccount(): Account | undefined {
    const acc = this.session ? this.accounts.get(this.session.UID) : undefined;
    return acc && !acc.disabled ? acc : undefined;
  }

  // ---- tokens ----

  issue(kind: TokenKind, lifetime: number, fields: Partial<Token> = {}): Token {
    const token: Token = { token: this.nextId(tokenPrefix(kind)), kind, expiresAt: this.now() + lifetime, used: false, ...fields };
    this.tokens.set(token.token, token);
    return token;
  }

  /** The token if it is of one of the kinds, unused, unexpired and its account still exists. */
  valid(value: string | undefined, kinds: TokenKind[]): Token | undefined {
    const token = value === undefined ? undefined : this.tokens.get(value);
    if (!token || token.used || token.expiresAt <= this.now() || !kinds.includes(token.kind)) return undefined;
    if (token.UID !== undefined && !this.accounts.has(token.UID)) return undefined;
    return token;
  }

  /** The account a regToken gives access to without a session. */
  tokenAccount(regToken: string | undefined): Account | undefined {
    const token = this.valid(regToken, ['registration', 'subscriber']);
    return token?.UID === undefined ? undefined : this.accounts.get(token.UID);
  }

  registrationToken(acc: Account): string {
    return this.issue('registration', REG_TOKEN_LIFETIME, { UID: acc.UID }).token;
  }

  // ---- mails ----

  send(acc: Account, kind: FakeMailKind, token: Token, link: string) {
    this.sentMails.push({ to: acc.email, kind, token: token.token, link, sentAt: this.iso(this.now()), lang: acc.lang, subscription: token.subscription });
  }

  sendVerification(acc: Account) {
    const token = this.issue('verification', VERIFICATION_LIFETIME, { UID: acc.UID });
    acc.deleteAfter = Math.max(acc.deleteAfter ?? 0, token.expiresAt);
    this.send(acc, 'verification', token, `${this.linkBase}/identity/verify?token=${token.token}`);
  }

  // ---- seeds ----

  /** Puts the accounts and tokens of the options in place, as if they had been made before the fake started. */
  seed(options: FakeProviderOptions) {
    for (const seed of options.accounts ?? []) {
      const acc = this.newAccount(seed.email);
      if (seed.UID) {
        this.accounts.delete(acc.UID);
        acc.UID = seed.UID;
        this.accounts.set(acc.UID, acc);
      }
      acc.password = seed.password;
      acc.isRegistered = seed.password !== undefined || (seed.socialProviders?.length ?? 0) > 0;
      acc.isVerified = seed.verified ?? true;
      acc.disabled = seed.disabled ?? false;
      acc.lockedUntil = seed.locked ? this.now() + LOCKOUT_TIME : 0;
      acc.pendingFields = [...(seed.pendingFields ?? [])];
      acc.profile = { ...clone(seed.profile ?? {}), email: acc.email };
      acc.data = clone(seed.data ?? {});
      acc.preferences = clone(seed.preferences ?? {});
      acc.subscriptions = clone(seed.subscriptions ?? {});
      acc.social = (seed.socialProviders ?? []).map((provider) => ({ provider, providerUID: `${provider}-${acc.email}` }));
      if (seed.created) acc.created = new Date(seed.created).getTime();
      acc.regSource = seed.regSource;
      acc.lang = seed.lang ?? 'de';
      if (!acc.isVerified && acc.isRegistered) acc.deleteAfter = this.now() + VERIFICATION_LIFETIME;
    }
    for (const seed of options.tokens ?? []) {
      const acc = this.byEmail(seed.email);
      if (!acc) throw new Error(`fake identity: token ${seed.token} names unknown account ${seed.email}`);
      const lifetime = seed.kind === 'verification' || seed.kind === 'double-opt-in' ? VERIFICATION_LIFETIME : HOUR;
      this.tokens.set(seed.token, {
        token: seed.token,
        kind: seed.kind,
        UID: acc.UID,
        expiresAt: seed.expired ? this.now() - 1 : this.now() + lifetime,
        used: seed.used ?? false,
        subscription: seed.subscription,
      });
    }
  }
}

function tokenPrefix(kind: TokenKind): string {
  return { registration: 'rt', social: 'st', subscriber: 'rt', verification: 'vt', 'password-reset': 'pwrt', 'double-opt-in': 'doi' }[kind] + '_';
}
