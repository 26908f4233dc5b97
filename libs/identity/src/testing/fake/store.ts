import { ErrorCode, ErrorDetails, statusCodeOf, type Envelope, type ValidationError } from '../../envelope';
import type { CommonPasswords } from '../common-passwords';
import type { StoreAreas } from '../store-areas';
import { Durations, Limits, Links } from '@portal/identity-contract';
import { IdentityTransportError } from '../../errors';
import { IdentityEvents } from '../../events';
import type {
  AccountInfo,
  AccountSchema,
  ConsentDetails,
  IdentityMethod,
  PasskeyMethod,
  Policies,
  Profile,
  SessionInfo,
  SocialProviderName,
} from '../../types';
import { createClock, HOUR, type FakeClock } from '../clock';
import { defaultConsent, defaultPolicies, defaultPostcodeRules, defaultSchema } from '../defaults';
import {
  LOCKOUT_TIME,
  MESSAGES,
  REG_TOKEN_LIFETIME,
  SESSION_ABSOLUTE_TIMEOUT,
  SESSION_IDLE_TIMEOUT,
  VERIFICATION_LIFETIME,
  type Account,
  type FakeMailKind,
  type FakeProviderOptions,
  type FakeSocialIdentity,
  type Passkey,
  type PasskeyChallenge,
  type SentMail,
  type Session,
  type Token,
  type TokenKind,
} from './model';
import type { ForcedAnswer } from './forced';
import { registrantView, unconfirmedOverSubscriber } from './registrant';
import { COMMON_PASSWORD_MESSAGE, missingFields, PASSWORD_TOO_LONG_MESSAGE } from './rules';
import { adoptServiceSubscriberToken, lapseUnconfirmed } from './subscriptions';
import { clone, listOf } from './values';

/**
 * The one state every capability module of the fake works on: accounts, tokens, the session, the mails it
 * would have sent, the clock and the configuration (schema, policies, consents, social identities). It also
 * builds the envelopes, so every module answers alike.
 */
/** What the fake limits per client (Limits): the mails of registrations, and each anonymous start. */
export type ClientScope = 'mail' | 'start-registration' | 'start-passkey-login';

/** The errorDetails of an answer beyond a limit per client, as the embedded provider's. */
export const TOO_MANY_MAILS = 'Too many e-mails were requested; try again later';
export const TOO_MANY_STARTS = 'Too many requests from this address; try again later';

/** The refusals of a password that the envelope's errorDetails names, by their validation message, as the embedded provider's validationFailed. */
const PASSWORD_REFUSAL_DETAILS: Readonly<Record<string, string>> = {
  [COMMON_PASSWORD_MESSAGE]: ErrorDetails.COMMON_PASSWORD,
  [PASSWORD_TOO_LONG_MESSAGE]: ErrorDetails.PASSWORD_TOO_LONG,
};

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
  readonly calls: { method: IdentityMethod | PasskeyMethod; params: unknown }[] = [];
  readonly failures = new Map<IdentityMethod, IdentityTransportError[]>();
  /** Answers the next calls of a method give instead of their own (see forced.ts). */
  readonly forcedAnswers = new Map<IdentityMethod, ForcedAnswer[]>();
  /** Whether regTokens of the service's QA token exchange (`qa-subscriber.…`) are accepted (see subscriptions.ts). */
  readonly serviceSubscriberTokens: boolean;
  readonly commonPasswords: CommonPasswords | undefined;
  /**
   * Failed logins of login IDs without a usable account, by the ID as typed (trimmed, lower-cased): the embedded
   * provider locks these too, so that 403042 then 403120 tells nobody whether an address has an account.
   */
  readonly unknownLogins = new Map<string, { failures: number[]; lockedUntil: number }>();
  /** Passkeys by credential id, and ceremony challenges by challenge (fake/passkeys). */
  readonly passkeys = new Map<string, Passkey>();
  readonly passkeyChallenges = new Map<string, PasskeyChallenge>();
  readonly relyingParty: { rpId: string; origin: string };
  /** The postcode rule of each country a profile or an address may name, by upper-case code (FakeProviderOptions.postcodeRules). */
  readonly postcodeRules: Record<string, RegExp>;
  /** The country of a profile's postcode when the profile names none (FakeProviderOptions.profileCountry). */
  readonly profileCountry: string;
  /** Where data.customerassignment comes from (FakeProviderOptions.storeAreas); undefined derives none. */
  readonly storeAreas: StoreAreas | undefined;
  outage: boolean;
  session: Session | undefined;
  /**
   * What this client spent of the contract's limits per client, by scope, as the times of its events: the fake is
   * one client, as the one browser it serves is one address to the embedded provider.
   */
  private readonly clientEvents = new Map<ClientScope, number[]>();
  private counter = 0;

  constructor(options: FakeProviderOptions) {
    this.clock = options.clock ?? createClock();
    this.schema = clone(options.schema ?? defaultSchema);
    this.policies = clone(options.policies ?? defaultPolicies);
    this.consent = clone(options.consent ?? defaultConsent);
    this.social = { ...(options.social ?? {}) };
    this.linkBase = (options.linkBaseUrl ?? 'http://localhost').replace(/\/+$/, '');
    this.outage = options.outage ?? false;
    this.serviceSubscriberTokens = options.serviceSubscriberTokens ?? false;
    this.commonPasswords = options.commonPasswords;
    this.postcodeRules = Object.fromEntries(
      Object.entries(options.postcodeRules ?? defaultPostcodeRules).map(([country, rule]) => [country.toUpperCase(), new RegExp(rule)]),
    );
    this.profileCountry = (options.profileCountry ?? 'DE').toUpperCase();
    this.storeAreas = options.storeAreas;
    const pageOrigin = typeof location === 'undefined' ? this.linkBase : location.origin;
    const origin = (options.passkeys?.origin ?? pageOrigin).replace(/\/+$/, '');
    this.relyingParty = { origin, rpId: options.passkeys?.rpId ?? new URL(origin).hostname };
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
    const details = validationErrors.map(({ message }) => PASSWORD_REFUSAL_DETAILS[message]).find(Boolean);
    return this.fail(ErrorCode.VALIDATION, details ?? 'Validation failed', { validationErrors });
  }

  /**
   * Counts n events of this client in scope against the contract's limit (Limits; within its Durations window) and
   * answers whether they fit; events that do not fit are not counted, none of the n, as the embedded provider's
   * throttle. Only what the contract suite checks is limited: the registrations' mails and the anonymous starts.
   */
  allowClient(scope: ClientScope, n = 1): boolean {
    const [max, window] =
      scope === 'mail' ? [Limits.mailsPerClient, Durations.mailLimitWindow] : [Limits.startsPerClient, Durations.startLimitWindow];
    const now = this.now();
    const held = (this.clientEvents.get(scope) ?? []).filter((at) => at >= now - window);
    const fits = held.length + n <= max;
    this.clientEvents.set(scope, fits ? [...held, ...Array<number>(n).fill(now)] : held);
    return fits;
  }

  /** What every call does first: record it, reject when told to (failNext, outage), forget what expired. */
  async guard(method: IdentityMethod | PasskeyMethod, params: unknown): Promise<void> {
    this.calls.push({ method, params: clone(params ?? {}) });
    const queued = this.failures.get(method as IdentityMethod)?.shift();
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

  /**
   * Unverified registrations whose link expired are gone: "no account is created" (spec 000 §1); one made over a
   * newsletter subscriber falls back to the subscriber, who keeps the subscriptions. Subscriptions whose double
   * opt-in link expired unconfirmed lapse.
   */
  purge() {
    for (const acc of this.accounts.values()) lapseUnconfirmed(this, acc);
    for (const acc of [...this.accounts.values()]) {
      if (acc.isVerified || acc.deleteAfter === undefined || acc.deleteAfter > this.now()) continue;
      this.endSessions(acc);
      // The passkeys of an unconfirmed registration go with it, as its password does.
      this.forgetPasskeys(acc.UID);
      if (acc.origin === 'lite') {
        acc.password = undefined;
        acc.isRegistered = false;
        acc.deleteAfter = undefined;
        acc.registrant = undefined;
      } else this.accounts.delete(acc.UID);
    }
  }

  forgetPasskeys(UID: string) {
    for (const [id, key] of this.passkeys) if (key.UID === UID) this.passkeys.delete(id);
  }

  /**
   * What the old credentials gave ends, at a password reset or change and a confirmed e-mail change (as the
   * embedded provider's endCredentials): the session, reset links, e-mail change and verification links, regTokens
   * (the preference centre's too: it exchanges its link again).
   */
  endCredentials(acc: Account) {
    this.endSessions(acc);
    const ended: TokenKind[] = ['password-reset', 'verification', 'registration', 'subscriber'];
    for (const t of this.tokens.values()) {
      if (t.UID === acc.UID && ended.includes(t.kind)) t.used = true;
    }
  }

  /** Every session of the account ends (the fake serves one browser, so there is at most one). */
  endSessions(acc: Account) {
    if (this.session?.UID === acc.UID) this.session = undefined;
  }

  newAccount(email: string, origin: Account['origin'] = 'site', UID = this.nextId('uid')): Account {
    const acc: Account = {
      UID,
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
      origin,
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
      // 'site' stands for the password: an account made by a social login alone has only its providers.
      loginProvider: acc.password !== undefined || acc.social.length === 0 ? 'site' : acc.social[0]!.provider,
      socialProviders: this.loginProviders(acc).join(','),
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

  /** The ways the account logs in: 'site' when it has a password, then its social providers. */
  loginProviders(acc: Account): string[] {
    return [...(acc.password !== undefined ? ['site'] : []), ...acc.social.map((s) => s.provider)];
  }

  /** Whether the account has a passkey (a conflicting account's loginProviders name it: it proves the account). */
  hasPasskey(acc: Account): boolean {
    return [...this.passkeys.values()].some((key) => key.UID === acc.UID);
  }

  /**
   * The answer to a login of an account that is not ready: 206001 (fields or consents missing, named with
   * `missing-required-fields` in include) or 206002 (not verified), with a regToken; undefined when it is ready.
   */
  pendingAnswer(acc: Account, include: string | undefined, regToken?: string) {
    // An unconfirmed registration over a newsletter subscriber is answered on what it gave itself (registrant.ts).
    const missing = missingFields(this, unconfirmedOverSubscriber(acc) ? registrantView(acc) : acc);
    if (missing.length === 0 && acc.isVerified) return undefined;
    const fields = { regToken: regToken ?? this.registrationToken(acc), UID: acc.UID, isRegistered: acc.isRegistered, isVerified: acc.isVerified };
    if (missing.length === 0) return this.fail(ErrorCode.PENDING_VERIFICATION, undefined, fields);
    return this.fail(ErrorCode.PENDING_REGISTRATION, `Missing required fields for registration: ${missing.join(', ')}`, {
      ...fields,
      ...(listOf(include).includes('missing-required-fields') ? { missingRequiredFields: missing } : {}),
    });
  }

  /** Opens a session for the account and emits onLogin with every section (as the vendor's event does). */
  startSession(acc: Account, provider: string, newUser: boolean, include?: string, extra: object = {}) {
    this.session = { UID: acc.UID, createdAt: this.now(), lastSeen: this.now() };
    acc.lastLogin = this.now();
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
    return this.ok({ ...this.accountAnswer(acc, include), provider, newUser, sessionInfo: this.sessionInfo(), ...extra });
  }

  /** How long the session lasts at most, in whole seconds from now (contract: sessionInfo), as the embedded provider says. */
  sessionInfo(): SessionInfo | undefined {
    if (!this.session) return undefined;
    return { expires_in: Math.max(0, Math.floor((this.session.createdAt + SESSION_ABSOLUTE_TIMEOUT - this.now()) / 1000)) };
  }

  /** The account of a live session: not idle 30 minutes, not older than 12 hours, not disabled; a call keeps it alive. */
  sessionAccount(): Account | undefined {
    const session = this.session;
    if (!session) return undefined;
    const now = this.now();
    if (now - session.lastSeen >= SESSION_IDLE_TIMEOUT || now - session.createdAt >= SESSION_ABSOLUTE_TIMEOUT) {
      this.session = undefined;
      return undefined;
    }
    const acc = this.accounts.get(session.UID);
    if (!acc || acc.disabled) return undefined;
    session.lastSeen = now;
    return acc;
  }

  /**
   * Whether the session's login is at most recentLogin old: what adds a way in (a passkey, a first password), or
   * removes a passkey, asks for that (as the embedded provider); else the answer is 403042 RECENT_LOGIN_REQUIRED.
   */
  recentLogin(): boolean {
    return this.session !== undefined && this.now() - this.session.createdAt <= Durations.recentLogin;
  }

  // ---- tokens ----

  issue(kind: TokenKind, lifetime: number, fields: Partial<Token> = {}): Token {
    const token: Token = { token: this.nextId(tokenPrefix(kind)), kind, expiresAt: this.now() + lifetime, used: false, ...fields };
    this.tokens.set(token.token, token);
    return token;
  }

  /** The token if it is of one of the kinds, unused, unexpired and its account still exists. */
  valid(value: string | undefined, kinds: TokenKind[]): Token | undefined {
    if (value !== undefined && this.serviceSubscriberTokens && kinds.includes('subscriber')) adoptServiceSubscriberToken(this, value);
    const token = value === undefined ? undefined : this.tokens.get(value);
    if (!token || token.used || token.expiresAt <= this.now() || !kinds.includes(token.kind)) return undefined;
    if (token.UID !== undefined && !this.accounts.has(token.UID)) return undefined;
    return token;
  }

  /** The account a regToken gives access to without a session. */
  tokenAccount(regToken: string | undefined): Account | undefined {
    return this.tokenAccess(regToken)?.acc;
  }

  /**
   * The account a regToken reaches, and whether the access is limited: a registration over a newsletter
   * subscriber's address may write but not read the subscriber's data until the address is verified.
   */
  tokenAccess(regToken: string | undefined): { acc: Account; limited: boolean; subscriber: boolean } | undefined {
    const token = this.valid(regToken, ['registration', 'subscriber']);
    const acc = token?.UID === undefined ? undefined : this.accounts.get(token.UID);
    if (!token || !acc) return undefined;
    // Every registration regToken of a subscriber's account nobody has confirmed yet, not only the registration's
    // own: a login with the password it chose answers one too (as the embedded provider).
    const limited = !acc.isVerified && (token.limited === true || (token.kind === 'registration' && acc.origin === 'lite'));
    // A subscriber regToken (the preference centre's) reaches the contract's subscriberScope only.
    return { acc, limited, subscriber: token.kind === 'subscriber' };
  }

  registrationToken(acc: Account, limited = false): string {
    return this.issue('registration', REG_TOKEN_LIFETIME, { UID: acc.UID, ...(limited ? { limited } : {}) }).token;
  }

  // ---- mails ----

  send(acc: Account, kind: FakeMailKind, token: Token, link: string) {
    this.sentMails.push({ to: acc.email, kind, token: token.token, link, sentAt: this.iso(this.now()), lang: acc.lang, subscription: token.subscription });
  }

  /**
   * A 14-day verification link; with `newEmail` it confirms an e-mail change and goes to the new address, and ends
   * the account's unused verification links: the shopper's latest wish counts, so an older change's link no longer
   * changes the address (as the embedded provider's verificationToken).
   */
  sendVerification(acc: Account, newEmail?: string) {
    if (newEmail) for (const t of this.tokens.values()) if (t.kind === 'verification' && t.UID === acc.UID) t.used = true;
    const token = this.issue('verification', VERIFICATION_LIFETIME, { UID: acc.UID, ...(newEmail ? { newEmail } : {}) });
    if (!newEmail && !acc.isVerified) acc.deleteAfter = Math.max(acc.deleteAfter ?? 0, token.expiresAt);
    const link = `${this.linkBase}${Links.verifyEmail.path}?${Links.verifyEmail.tokenParam}=${token.token}`;
    if (newEmail) this.sentMails.push({ to: newEmail, kind: 'verification', token: token.token, link, sentAt: this.iso(this.now()), lang: acc.lang });
    else this.send(acc, 'verification', token, link);
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
      acc.origin = seed.password !== undefined ? 'site' : (seed.socialProviders?.length ?? 0) > 0 ? 'social' : 'lite';
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
