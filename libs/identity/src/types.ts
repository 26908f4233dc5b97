import type { Envelope } from './envelope';

/** One phone number of the profile; `type` defaults to 'default' (spec 000 §3). */
export interface Phone {
  number: string;
  type?: string;
  default?: boolean;
}

/** The provider's `profile` section (spec 000 §3, spec 001 §3). */
export interface Profile {
  email?: string;
  firstName?: string;
  lastName?: string;
  birthDay?: number;
  birthMonth?: number;
  birthYear?: number;
  zip?: string;
  country?: string;
  phones?: Phone[];
  [field: string]: unknown;
}

/** One address book entry; the account keeps one (spec 000 §3). */
export interface AddressBookEntry {
  salutation?: Salutation | '';
  firstName?: string;
  lastName?: string;
  street?: string;
  streetNo?: string;
  zip?: string;
  city?: string;
  country?: string;
  isStandardAddress?: boolean;
}

export type Salutation = 'mr' | 'mrs' | 'div';

/** The provider's `data` section: site-specific fields, deep-merged on write. */
export interface AccountData {
  salutation?: Salutation | '';
  /** Region of the customer; written by the server only (400020 when the client tries). */
  customerassignment?: string;
  addressBook?: AddressBookEntry[];
  sfmc?: { dataProcessingConsented?: boolean; subscriptionKey?: string; [field: string]: unknown };
  preference?: { FAVORITE_STORE?: string; SHOPPING_FREQUENCY?: string; [field: string]: unknown };
  [field: string]: unknown;
}

/** One consent statement as the account holds it, e.g. `preferences.terms.customeraccount`. */
export interface ConsentState {
  isConsentGranted: boolean;
  docVersion?: number;
  lang?: string;
  lastConsentModified?: string;
}

/** The provider's `preferences` section: nested by the dotted consent id (`terms.customeraccount`). */
export interface Preferences {
  terms?: { customeraccount?: ConsentState; [id: string]: ConsentState | undefined };
  privacy?: { aec?: ConsentState; [id: string]: ConsentState | undefined };
  [group: string]: Record<string, ConsentState | undefined> | undefined;
}

export type DoubleOptInStatus = 'NotConfirmed' | 'Pending' | 'Confirmed';

/** `subscriptions.<key>.email` (identity contract, Subscriptions). */
export interface EmailSubscription {
  isSubscribed: boolean;
  doubleOptIn?: { status: DoubleOptInStatus; emailSentTime?: string; confirmTime?: string };
}

/** Newsletter (`NLT…`) and service (`SVC_PRODUCT_REMINDER`) subscriptions by key. */
export type Subscriptions = Record<string, { email?: EmailSubscription } | undefined>;

/** What a write of one subscription looks like: only `isSubscribed` is the client's to set. */
export type SubscriptionsUpdate = Record<string, { email: { isSubscribed: boolean } }>;

/** Deep-partial, for the sections a write merges into the account. */
export type DeepPartial<T> = T extends readonly (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

export type SocialProviderName = 'apple' | 'googleplus' | 'facebook';
export type LoginProviderName = 'site' | SocialProviderName;

/** Sections that `include` may name; joined with commas on the wire. */
export type IncludeSection =
  | 'profile'
  | 'data'
  | 'preferences'
  | 'subscriptions'
  | 'loginIDs'
  | 'emails'
  | 'missing-required-fields'
  | 'id_token';

/** `include` as the provider takes it: a comma-separated string (`'profile,data'`). */
export type Include = string;

/** The account as `getAccountInfo` answers it. */
export interface AccountInfo {
  UID: string;
  profile?: Profile;
  data?: AccountData;
  preferences?: Preferences;
  subscriptions?: Subscriptions;
  isRegistered?: boolean;
  isVerified?: boolean;
  isActive?: boolean;
  created?: string;
  lastLogin?: string;
  regSource?: string;
  loginProvider?: string;
  socialProviders?: string;
}

/**
 * What an answer tells of the caller's session (contract: sessionInfo): `expires_in`, the whole seconds from the
 * answer until the session ends at the latest, however it is used (its absolute end). Not every provider says it.
 */
export interface SessionInfo {
  expires_in: number;
}

// ---- parameters and answers, one pair per method (identity contract, Methods) ----

export interface InitRegistrationParams {
  isLite?: boolean;
}
export interface InitRegistrationResponse extends Envelope {
  regToken?: string;
}

export interface RegisterParams {
  email: string;
  /** '' with `passkey`: the account registers with a passkey instead of a password. */
  password: string;
  /** The browser's RegistrationResponseJSON for the options of initPasskeyRegistration (same regToken and email). */
  passkey?: PasskeyCredentialJSON;
  regToken: string;
  profile?: DeepPartial<Profile>;
  data?: DeepPartial<AccountData>;
  preferences?: DeepPartial<Preferences>;
  subscriptions?: SubscriptionsUpdate;
  lang?: string;
  regSource?: string;
  finalizeRegistration?: boolean;
  include?: Include;
}
export type RegisterResponse = Envelope & Partial<AccountInfo> & { newUser?: boolean };

export interface FinalizeRegistrationParams {
  regToken: string;
  include?: Include;
}
export type FinalizeRegistrationResponse = Envelope & Partial<AccountInfo> & { newUser?: boolean };

export interface LoginParams {
  loginID: string;
  password: string;
  include?: Include;
  loginMode?: 'standard' | 'link';
  regToken?: string;
  sessionExpiration?: number;
  /**
   * Spec 000 §7 sends it with every login; the adapters send false unless told otherwise. False (the vendor's
   * default) keeps the interruptions the app handles itself as answers: a pending registration (206001: finalize),
   * an unverified address (206002), a social account to link (403043). True would log in past a pending
   * registration.
   */
  ignoreInterruptions?: boolean;
}
export type LoginResponse = Envelope &
  Partial<AccountInfo> & {
    newUser?: boolean;
    /** With `include` containing `missing-required-fields` on 206001: the dotted names still missing. */
    missingRequiredFields?: string[];
  };

export interface SocialLoginParams {
  provider: SocialProviderName;
  redirectURL?: string;
  loginMode?: 'standard' | 'link';
  regToken?: string;
  /** The page's language tag (de-DE, nl-BE): the mails the login sends speak its language, their links keep its country. */
  lang?: string;
  include?: Include;
}
export type SocialLoginResponse = LoginResponse & { provider?: string };

export interface GetConflictingAccountParams {
  regToken: string;
}
export interface GetConflictingAccountResponse extends Envelope {
  conflictingAccount?: { loginID: string; loginProviders?: string[] } | null;
}

export interface GetAccountInfoParams {
  include?: Include;
  extraProfileFields?: string;
  regToken?: string;
}
/** With a session (never with a regToken), `sessionInfo` tells when it ends at the latest. */
export type GetAccountInfoResponse = Envelope & Partial<AccountInfo> & { sessionInfo?: SessionInfo };

export interface SetAccountInfoParams {
  regToken?: string;
  profile?: DeepPartial<Profile>;
  data?: DeepPartial<AccountData>;
  preferences?: DeepPartial<Preferences>;
  subscriptions?: SubscriptionsUpdate;
  lang?: string;
  password?: string;
  newPassword?: string;
}
export type SetAccountInfoResponse = Envelope;

/** Step 1 sends the mail; step 2 sets the new password with the token from the mail. */
export type ResetPasswordParams =
  | { loginID: string; lang?: string }
  | { passwordResetToken: string; newPassword: string };
export interface ResetPasswordResponse extends Envelope {
  UID?: string;
}

export type ResendVerificationCodeParams = { regToken: string; lang?: string } | { email: string; lang?: string };
export type ResendVerificationCodeResponse = Envelope;

/** One field of a schema; `format` is `regex('…')`, `range(1900,2020)` or `email`. */
export interface SchemaField {
  type: string;
  required?: boolean;
  format?: string;
  writeAccess?: 'serverOnly' | 'clientCreate' | 'clientModify';
  /** Subscriptions only: whether subscribing sends a confirmation mail first. */
  doubleOptIn?: boolean;
}
export interface SchemaSection {
  fields: Record<string, SchemaField>;
}
export interface AccountSchema {
  profileSchema: SchemaSection;
  dataSchema: SchemaSection;
  subscriptionsSchema: SchemaSection;
  preferencesSchema: SchemaSection;
}
export interface GetSchemaParams {
  include?: Include;
}
export type GetSchemaResponse = Envelope & Partial<AccountSchema>;

export interface PasswordComplexity {
  minLength: number;
  minCharGroups: number;
  regExp?: string;
}
export interface Policies {
  passwordComplexity: PasswordComplexity;
  registration?: { requireLoginID?: boolean; [key: string]: unknown };
  accountOptions?: { loginIdentifiers?: string; [key: string]: unknown };
  security?: { accountLockout?: { failedLoginThreshold: number; lockoutTimeSec: number }; [key: string]: unknown };
}
export interface GetPoliciesParams {
  sections?: string;
}
export type GetPoliciesResponse = Envelope & Partial<Policies>;

export interface LegalStatement {
  currentDocVersion: number;
  minDocVersion: number;
  documentUrl?: string;
  purpose?: string;
}
export interface ConsentDetails {
  isActive: boolean;
  isMandatory: boolean;
  legalStatements: Record<string, LegalStatement>;
}
export interface GetSiteConsentDetailsResponse extends Envelope {
  siteConsentDetails?: Record<string, ConsentDetails>;
}

export type LogoutResponse = Envelope;
/** `accounts.getJWT`: the login session as an id_token (absent when nobody is logged in). */
export interface GetJWTResponse extends Envelope {
  id_token?: string;
}

/**
 * The shopper's own data as `exportAccountData` answers it (download my data): identity, profile, data,
 * preferences with the accepted document versions and times, subscriptions, linked login providers and social
 * identities, passkeys (name and dates). Never a password hash, a session, a token or a passkey's credential.
 */
export interface AccountExport {
  UID: string;
  email: string;
  profile?: Profile;
  data?: AccountData;
  preferences?: Preferences;
  subscriptions?: Subscriptions;
  loginProviders?: string[];
  passkeys?: { name: string; created: string; lastUsed?: string }[];
  /** The linked social logins: the provider's id of the person (subject) and when it was linked. */
  socialIdentities?: { provider: string; subject: string; linked: string }[];
  [field: string]: unknown;
}
/** A product reminder of the account's address in the data export: active, or pending its verification link. */
export interface ExportedProductReminder {
  id?: string;
  variantId: string;
  variantName: Record<string, string>;
  status: 'active' | 'pending';
  /** The language of its mails, when it was created and (once active) confirmed. */
  language?: string;
  created?: string;
  confirmed?: string;
}
/** A partner (single sign-on client) the account signed in to, with the first and last time kept of it. */
export interface ExportedPartner {
  id: string;
  name: string;
  firstSignIn: string;
  lastSignIn: string;
}
/** An entry of the audit log about the account: what happened, when, from which client address. */
export interface ExportedSecurityEvent {
  event: string;
  at: string;
  clientAddress?: string;
  detail?: string;
}
export type ExportAccountDataResponse = Envelope & {
  exportedAt?: string;
  account?: AccountExport;
  productReminders?: ExportedProductReminder[];
  partners?: ExportedPartner[];
  securityEvents?: ExportedSecurityEvent[];
};

export interface DeleteAccountParams {
  /** The current password: deleting needs the same proof as changing the login details. */
  password: string;
}
export type DeleteAccountResponse = Envelope;

// ---- passkeys (embedded provider and fake; the vendor's passwordless widget takes their place with cdc) ----

/** A WebAuthn JSON form (options, RegistrationResponseJSON, AuthenticationResponseJSON) as @simplewebauthn/browser uses it. */
export type PasskeyCredentialJSON = Record<string, unknown>;

export interface InitPasskeyRegistrationParams {
  /** From initRegistration: a new account registers with a passkey (then `email` is required). Without it the session's account adds one. */
  regToken?: string;
  email?: string;
}
export interface PasskeyOptionsResponse extends Envelope {
  /** PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON. */
  options?: PasskeyCredentialJSON;
}
export interface RegisterPasskeyParams {
  passkey: PasskeyCredentialJSON;
  name?: string;
}
/** One passkey of the account as /accessdata lists it. */
export interface PasskeyInfo {
  id: string;
  name: string;
  created: string;
  lastUsed?: string;
  backedUp?: boolean;
}
export interface RegisterPasskeyResponse extends Envelope {
  passkey?: PasskeyInfo;
}
export interface PasskeyLoginParams {
  passkey: PasskeyCredentialJSON;
  include?: Include;
  /** With 'link' and the regToken of a 403043: links the waiting social identity, as login in link mode does. */
  loginMode?: 'standard' | 'link';
  regToken?: string;
}
export interface GetPasskeysResponse extends Envelope {
  passkeys?: PasskeyInfo[];
  hasPassword?: boolean;
}
export interface RemovePasskeyParams {
  id: string;
}

// ---- events ----

export interface LoginEvent {
  eventName: 'login';
  UID: string;
  provider: string;
  profile?: Profile;
  data?: AccountData;
  preferences?: Preferences;
  subscriptions?: Subscriptions;
  newUser: boolean;
}
export interface LogoutEvent {
  eventName: 'logout';
}
export type Unsubscribe = () => void;

/**
 * The identity provider, as every adapter (CDC Web SDK, embedded provider over HTTP, in-memory fake) offers it.
 * Provider errors resolve with their envelope; only transport failures reject (with IdentityTransportError).
 */
export interface IdentityProvider {
  initRegistration(params?: InitRegistrationParams): Promise<InitRegistrationResponse>;
  register(params: RegisterParams): Promise<RegisterResponse>;
  finalizeRegistration(params: FinalizeRegistrationParams): Promise<FinalizeRegistrationResponse>;
  login(params: LoginParams): Promise<LoginResponse>;
  /** Starts the social login; with a redirect the page navigates away and the promise never settles. */
  socialLogin(params: SocialLoginParams): Promise<SocialLoginResponse>;
  getConflictingAccount(params: GetConflictingAccountParams): Promise<GetConflictingAccountResponse>;
  getAccountInfo(params?: GetAccountInfoParams): Promise<GetAccountInfoResponse>;
  setAccountInfo(params: SetAccountInfoParams): Promise<SetAccountInfoResponse>;
  resetPassword(params: ResetPasswordParams): Promise<ResetPasswordResponse>;
  resendVerificationCode(params: ResendVerificationCodeParams): Promise<ResendVerificationCodeResponse>;
  getSchema(params?: GetSchemaParams): Promise<GetSchemaResponse>;
  getPolicies(params?: GetPoliciesParams): Promise<GetPoliciesResponse>;
  getSiteConsentDetails(): Promise<GetSiteConsentDetailsResponse>;
  logout(): Promise<LogoutResponse>;
  /**
   * Download my data. Optional: the embedded provider answers it; the cdc adapter assembles the same document
   * from the Web SDK's getAccountInfo. Pages offer the download only where the provider has the method.
   */
  exportAccountData?(): Promise<ExportAccountDataResponse>;
  /**
   * Delete my account (session and current password; every session of the account ends). No logout event: the
   * app shows its confirmation, then logs out. Optional: only the embedded provider offers it; the vendor's Web
   * SDK has no self-service deletion.
   */
  deleteAccount?(params: DeleteAccountParams): Promise<DeleteAccountResponse>;
  /** Creation options for a passkey: of a new account (regToken and email), else for the session's account. */
  initPasskeyRegistration?(params?: InitPasskeyRegistrationParams): Promise<PasskeyOptionsResponse>;
  /** Adds the passkey just made to the session's account. */
  registerPasskey?(params: RegisterPasskeyParams): Promise<RegisterPasskeyResponse>;
  /** Request options for a discoverable credential (a passkey login, also with conditional mediation). */
  initPasskeyLogin?(): Promise<PasskeyOptionsResponse>;
  /** Logs in with the browser's answer; as login otherwise (206001, 206002, lockout, onLogin with provider 'passkey'). */
  passkeyLogin?(params: PasskeyLoginParams): Promise<LoginResponse>;
  getPasskeys?(): Promise<GetPasskeysResponse>;
  removePasskey?(params: RemovePasskeyParams): Promise<Envelope>;
  /**
   * The login session as an id_token, for the service's endpoints that act for the logged-in shopper
   * (`POST /rest/v1/subscriber/jwt`). Optional: only the vendor's SDK has it, because its session lives in the
   * SDK; the embedded provider's session is its cookie, which the browser sends by itself.
   */
  getJWT?(): Promise<GetJWTResponse>;
  onLogin(handler: (event: LoginEvent) => void): Unsubscribe;
  onLogout(handler: (event: LogoutEvent) => void): Unsubscribe;
}

/** The method names the provider answers at `accounts.<method>`. */
export type IdentityMethod = Exclude<keyof IdentityProvider, 'onLogin' | 'onLogout' | OwnDataMethod | PasskeyMethod | VendorSessionMethod>;

/** The optional passkey methods: the embedded provider and the fake answer them, the vendor's SDK does not. */
export type PasskeyMethod = 'initPasskeyRegistration' | 'registerPasskey' | 'initPasskeyLogin' | 'passkeyLogin' | 'getPasskeys' | 'removePasskey';

export const PASSKEY_METHODS: readonly PasskeyMethod[] = [
  'initPasskeyRegistration',
  'registerPasskey',
  'initPasskeyLogin',
  'passkeyLogin',
  'getPasskeys',
  'removePasskey',
];

/** The vendor SDK's session method, which no other provider has (see IdentityProvider.getJWT). */
export type VendorSessionMethod = 'getJWT';

/** The optional methods of the shopper's own data, which only the embedded provider answers (not the vendor's SDK). */
export type OwnDataMethod = 'exportAccountData' | 'deleteAccount';

export const OWN_DATA_METHODS: readonly OwnDataMethod[] = ['exportAccountData', 'deleteAccount'];

export const IDENTITY_METHODS: readonly IdentityMethod[] = [
  'initRegistration',
  'register',
  'finalizeRegistration',
  'login',
  'socialLogin',
  'getConflictingAccount',
  'getAccountInfo',
  'setAccountInfo',
  'resetPassword',
  'resendVerificationCode',
  'getSchema',
  'getPolicies',
  'getSiteConsentDetails',
  'logout',
];
