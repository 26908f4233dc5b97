import { Durations, ErrorMessages } from '@portal/identity-contract';
import type { IdentityTransportError, TransportErrorCode } from '../../errors';
import type { AccountInfo, AccountSchema, ConsentDetails, IdentityMethod, IdentityProvider, PasskeyMethod, Policies, SocialProviderName } from '../../types';
import { HOUR, MINUTE, type FakeClock } from '../clock';
import type { CommonPasswords } from '../common-passwords';
import type { StoreAreas } from '../store-areas';
import type { ForcedAnswer } from './forced';

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
  /** Whether the provider vouches for the e-mail address; default true. Unverified ones get a verification mail. */
  emailVerified?: boolean;
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
   * QA mode: accept the regTokens the service's token exchange answers (`qa-subscriber.` + the subscriber's
   * e-mail, base64url), as the real provider accepts the regTokens its backend issued. Off in unit tests.
   */
  serviceSubscriberTokens?: boolean;
  /**
   * Common and breached passwords to refuse (400009, 400006 on the field, errorDetails COMMON_PASSWORD), as the
   * embedded provider does; tests in Node pass `loadCommonPasswords()` from `../common-passwords.node`.
   */
  commonPasswords?: CommonPasswords;
  /**
   * The passkeys' relying party: the id (a host name) and the page origin whose answers are accepted. Default:
   * the page's own origin (`location.origin`), else linkBaseUrl's, and its host name.
   */
  passkeys?: { rpId?: string; origin?: string };
  /**
   * The postcode patterns by country a profile's and an address book entry's postcode follow, as the service's
   * metadata validation.zipCode; its keys are the countries a profile or an address may name (none: any two-letter
   * code, an address's postcode under GENERIC_POSTCODE). Default: defaultPostcodeRules.
   */
  postcodeRules?: Record<string, string>;
  /**
   * The country whose rule a profile's postcode follows when the profile names no country, as the embedded
   * provider's: default DE (the German site); '' for none, as on a site whose country the metadata does not tell.
   */
  profileCountry?: string;
  /**
   * The store area of a German postcode, from which a registration and a write derive data.customerassignment as the
   * embedded provider does; without it the fake derives none. Tests in Node pass `loadStoreAreas()` from
   * `../store-areas.node`, the fake in a browser `storeAreasOfService` (the service's region check).
   */
  storeAreas?: StoreAreas;
}

/** The in-memory provider plus the controls a test or a demo needs. */
export interface FakeIdentityProvider extends IdentityProvider {
  readonly clock: FakeClock;
  readonly sentMails: readonly SentMail[];
  /** Every call made, in order, with its parameters. */
  readonly calls: readonly { method: IdentityMethod | PasskeyMethod; params: unknown }[];
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
  /** The next call of `method` answers `answer` instead of its own (see ForcedAnswer); several queue up. */
  forceNext(method: IdentityMethod, answer: Omit<ForcedAnswer, 'method'>): void;
  /** A copy of an account for assertions; undefined when there is none. */
  account(email: string): (AccountInfo & { email: string; locked: boolean; disabled: boolean }) | undefined;
}

// ---- the store's own model ----

export interface Account {
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
  /** When it registered (ISO, as consents record their time): the consents its registration gave carry it. */
  registeredAt?: string;
  /** How the account came to be; a registration over a newsletter subscriber (`lite`) falls back to it unconfirmed. */
  origin: 'site' | 'social' | 'lite';
  social: { provider: SocialProviderName; providerUID: string }[];
  failures: number[];
  lockedUntil: number;
  lastResetMailAt?: number;
  pendingFields: string[];
  /** Unverified registrations are deleted after this (verification link lifetime). */
  deleteAfter?: number;
  /**
   * What an unconfirmed registration of a newsletter subscriber's address gave (its request and its regToken's saves),
   * as a new account of the address would hold it: until the address is confirmed, that registration sees this, not
   * the subscriber's values (registrantView; as the embedded provider's Account.Registrant).
   */
  registrant?: AccountSections;
}

/** The four documents of an account. */
export type AccountSections = Pick<Account, 'profile' | 'data' | 'preferences' | 'subscriptions'>;

/** A passkey of an account (what the embedded provider keeps in identity_passkeys). */
export interface Passkey {
  id: string;
  UID: string;
  /** The WebAuthn user handle it was made with, which its authenticator answers at a login: the account's UID, or its own when registered over a newsletter account. */
  userHandle: string;
  name: string;
  publicKey: JsonWebKey;
  signCount: number;
  backupEligible: boolean;
  backupState: boolean;
  created: number;
  lastUsed?: number;
}

/** A ceremony's challenge: single use, short lived. */
export interface PasskeyChallenge {
  kind: 'registration' | 'add' | 'login';
  UID: string;
  email: string;
  regToken?: string;
  expiresAt: number;
  used: boolean;
}

export type TokenKind = FakeMailKind | 'registration' | 'social' | 'subscriber';

export interface Token {
  token: string;
  kind: TokenKind;
  UID?: string;
  expiresAt: number;
  used: boolean;
  social?: { provider: SocialProviderName; providerUID: string; identity: FakeSocialIdentity };
  subscription?: string;
  /**
   * registration: issued for a newsletter subscriber someone is registering, not yet proven to be the owner's, so
   * it may write but not read the subscriber's data. verification: the new address of an e-mail change.
   */
  limited?: boolean;
  newEmail?: string;
}

/** The session of the one browser the fake serves. */
export interface Session {
  UID: string;
  createdAt: number;
  lastSeen: number;
}

// The identity contract's durations (services/api/api/identity-contract.yaml).
export const LOCKOUT_WINDOW = Durations.lockoutWindow;
export const LOCKOUT_TIME = Durations.lockoutDuration;
export const RESET_RETRY_WAIT = Durations.resetFrequency;
export const VERIFICATION_LIFETIME = Durations.verificationLinkLifetime;
export const REMINDER_CONFIRM_LIFETIME = Durations.productReminderConfirmationLinkLifetime;
export const REG_TOKEN_LIFETIME = Durations.regTokenLifetime;
export const RESET_TOKEN_LIFETIME = Durations.resetLinkLifetime;
/** The embedded provider's default session lifetimes: 30 minutes without a call, 12 hours at most. */
export const SESSION_IDLE_TIMEOUT = 30 * MINUTE;
export const SESSION_ABSOLUTE_TIMEOUT = 12 * HOUR;

/** The short name of each code (`errorMessage`), from the identity contract's catalogue. */
export const MESSAGES: Readonly<Record<number, string>> = ErrorMessages;
