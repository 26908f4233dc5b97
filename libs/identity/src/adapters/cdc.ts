import type {
  AccountsGetConflictingAccountRequest,
  AccountsGetConflictingAccountResponse,
  AccountsGetPoliciesRequest,
  AccountsGetPoliciesResponse,
  AccountsGetSiteConsentDetailsRequest,
  AccountsGetSiteConsentDetailsResponse,
  AccountsResendVerificationCodeRequest,
  AccountsResendVerificationCodeResponse,
  GigyaProfile,
  GigyaSubscriptions,
  GigyaValidationError,
  GigyaWebSDK,
  UpdateSubscriptions,
} from '@gigya-ts/web-sdk';
import type { GigyaJSFunction, GigyaJSOnLoginEvent } from '@gigya-ts/web-sdk/dist/types/gigya-helpers';
import { ErrorCode, errorMessageOf, type Envelope } from '../envelope';
import { IdentityTransportError } from '../errors';
import { baseLang } from '../language';
import { IdentityEvents, loginEventFrom, withLoginSections } from '../events';
import type {
  AccountData,
  AccountExport,
  ConsentDetails,
  ConsentState,
  DeepPartial,
  ExportAccountDataResponse,
  GetJWTResponse,
  IdentityMethod,
  IdentityProvider,
  LoginEvent,
  PasswordComplexity,
  Policies,
  Preferences,
  SchemaSection,
  SessionInfo,
  Subscriptions,
} from '../types';

// ---- the vendor's Web SDK, as the community definitions describe it ----
//
// This adapter is type-checked against @gigya-ts/web-sdk (a development dependency: types only, nothing of it is
// bundled), not against declarations written here: a method name, parameter or answer field the definitions do not
// know fails the identity build. Where spec 000/001 (or, where they are silent, the identity contract) say more than
// the definitions, the amendment is below, each with its reason; nothing else is declared here.

/** The consents of spec 000 §3 as the SDK's preferences schema (the definitions' way to type a site's schema). */
type PreferencesSchema = { terms?: { customeraccount?: ConsentState }; privacy?: { aec?: ConsentState } };

/** The Web SDK's accounts namespace as the definitions type it, with our data and preferences sections. */
type DefinedAccounts = GigyaWebSDK<AccountData, PreferencesSchema, GigyaSubscriptions>['accounts'];

/** The answer the definitions give a method. */
type DefinedAnswer<M extends keyof DefinedAccounts> = DefinedAccounts[M] extends (params: infer P) => void
  ? P extends { callback?: (answer: infer A) => void }
    ? A
    : never
  : never;

/**
 * The profile as spec 000 §3 writes it: with birthDay, birthMonth and birthYear, which the definitions lack, and
 * phones whose type defaults to 'default' where the definitions require one; a write may leave a phone's number
 * empty, which removes the entry (identity contract, setAccountInfo).
 */
type SpecProfile = Omit<GigyaProfile, 'phones'> & {
  birthDay?: number;
  birthMonth?: number;
  birthYear?: number;
  phones?: { number?: string; type?: string; default?: boolean }[];
};
/**
 * A write's request: the spec's profile, only the consent fields that change (the contract deep-merges writes), and
 * subscriptions in the package's own write shape (UpdateSubscriptions: isSubscribed), which its register request
 * lacks (it asks for the read shape there, tags and all).
 */
type WithSpecProfile<Request> = Omit<Request, 'profile' | 'preferences' | 'subscriptions' | 'callback'> & {
  profile?: SpecProfile;
  preferences?: DeepPartial<PreferencesSchema>;
  subscriptions?: UpdateSubscriptions<GigyaSubscriptions>;
};

/** The login answer with what spec and contract add to the definitions. */
type SdkLoginResponse = Parameters<NonNullable<Parameters<DefinedAccounts['login']>[0]['callback']>>[0] & {
  // The definitions name it isNewUser on login; the contract's login answer and its onLogin event say newUser. This
  // adapter takes newUser from the SDK's onLogin event, so the field only reaches the app from the embedded provider.
  newUser?: boolean;
  // identity contract (login): with include `missing-required-fields`, 206001 lists them; the definitions lack it.
  missingRequiredFields?: string[];
};

/**
 * The accounts namespace this adapter calls. Spec 000 §7 names getConflictingAccount, getPolicies and
 * getSiteConsentDetails, and the resend panel of 000 §4 needs resendVerificationCode; the definitions type them for
 * the REST API only, so they are typed here with the package's own REST request and answer types, amended where the
 * specs describe the answer and the definitions leave it `unknown` or looser.
 */
type SdkAccounts = Omit<DefinedAccounts, 'addEventHandlers' | 'login' | 'socialLogin' | 'getSchema' | 'register' | 'setAccountInfo'> & {
  addEventHandlers: GigyaJSFunction<
    Omit<Parameters<DefinedAccounts['addEventHandlers']>[0], 'onLogin' | 'callback'> & { onLogin?: (event: GigyaLoginEvent) => void },
    DefinedAnswer<'addEventHandlers'>
  >;
  register: GigyaJSFunction<WithSpecProfile<Parameters<DefinedAccounts['register']>[0]>, DefinedAnswer<'register'>>;
  setAccountInfo: GigyaJSFunction<WithSpecProfile<Parameters<DefinedAccounts['setAccountInfo']>[0]>, DefinedAnswer<'setAccountInfo'>>;
  login: GigyaJSFunction<Omit<Parameters<DefinedAccounts['login']>[0], 'callback'>, SdkLoginResponse>;
  // The definitions type socialLogin's answer as an empty envelope; spec 000 §4 reacts to its 206001 and 403043 (with
  // regToken) as to login's, and the contract answers it "as login, provider set".
  socialLogin: GigyaJSFunction<Omit<Parameters<DefinedAccounts['socialLogin']>[0], 'callback'>, SdkLoginResponse & { provider?: string }>;
  // The definitions lack preferencesSchema; the preference centre and the consent field read it (identity contract,
  // getSchema), as the vendor's REST reference documents it.
  getSchema: GigyaJSFunction<
    Omit<Parameters<DefinedAccounts['getSchema']>[0], 'callback'>,
    Parameters<NonNullable<Parameters<DefinedAccounts['getSchema']>[0]['callback']>>[0] & { preferencesSchema?: SchemaSection }
  >;
  getConflictingAccount: GigyaJSFunction<
    AccountsGetConflictingAccountRequest,
    // Spec 000 §7: the answer carries conflictingAccount.loginID; the definitions make it optional.
    Omit<AccountsGetConflictingAccountResponse, 'conflictingAccount'> & {
      conflictingAccount?: { loginID: string; loginProviders?: string[] } | null;
    }
  >;
  getPolicies: GigyaJSFunction<
    AccountsGetPoliciesRequest,
    // Spec 000 §3 and §5 (password policy: minLength, regExp, the character groups) and the contract (lockout) give
    // the sections the apps read; the definitions type every section `unknown`.
    Omit<AccountsGetPoliciesResponse, 'passwordComplexity' | 'registration' | 'accountOptions' | 'security'> & {
      passwordComplexity?: PasswordComplexity;
      registration?: Policies['registration'];
      accountOptions?: Policies['accountOptions'];
      security?: Policies['security'];
    }
  >;
  getSiteConsentDetails: GigyaJSFunction<
    AccountsGetSiteConsentDetailsRequest,
    // Spec 000 §3 (consent: legal statements per language, with documentUrl) and §4 (accept changed terms again:
    // versions); the definitions type it `unknown`.
    Omit<AccountsGetSiteConsentDetailsResponse, 'siteConsentDetails'> & { siteConsentDetails?: Record<string, ConsentDetails> }
  >;
  resendVerificationCode: GigyaJSFunction<AccountsResendVerificationCodeRequest, AccountsResendVerificationCodeResponse>;
};

/**
 * What the SDK hands to onLogin. Spec 001 §4: the login event carries "UID and any profile, data, preferences and
 * subscriptions"; the vendor's event (accounts.addEventHandlers JS: UID, profile, data, provider, newUser, loginMode,
 * remember) and the definitions lack the last two, so the adapter reads them before it emits (loginEvent below).
 */
export type GigyaLoginEvent = GigyaJSOnLoginEvent<AccountData> & { preferences?: Preferences; subscriptions?: Subscriptions };

/** The part of the vendor's global `gigya` object this adapter uses. */
export interface GigyaSdk {
  accounts: SdkAccounts;
}

/** The SDK's parameters and answer of a method: `gigya.accounts.<method>({...params, callback(answer)})`. */
type SdkRequest<M extends keyof SdkAccounts> = SdkAccounts[M] extends (params: infer P) => void ? Omit<P, 'callback'> : never;
type SdkAnswer<M extends keyof SdkAccounts> = SdkAccounts[M] extends (params: infer P) => void
  ? P extends { callback?: (answer: infer A) => void }
    ? A
    : never
  : never;

// Every answer of the vendor may carry validationErrors (spec 000 §5 and 001 §5 map them from any call) and a
// regToken (000 §4: 206001 and 403043 hand one over); the definitions list them on a few answers only.
type ContractAnswer<M extends keyof SdkAccounts> = SdkAnswer<M> & { validationErrors?: GigyaValidationError[]; regToken?: string } & ContractOnly<M>;
/**
 * What the contract adds to an answer that the vendor does not give: getAccountInfo's sessionInfo, the embedded
 * provider's (the session's absolute end). The SDK answers none, so with this adapter the account pages give no notice
 * before a session's end, as they ask nothing before its idle limit (SessionKeeper).
 */
type ContractOnly<M> = M extends 'getAccountInfo' ? { sessionInfo?: SessionInfo } : unknown;

type OurAnswer<M extends IdentityMethod> = Awaited<ReturnType<IdentityProvider[M]>>;

/** The keys of T, of every member when T is a union. */
type KeysOf<T> = T extends unknown ? keyof T : never;
/** What `Ours` names that `Theirs` does not know. */
type Unknown<Ours, Theirs> = Exclude<KeysOf<Ours>, KeysOf<Theirs>>;

/**
 * Accepts the parameters of a call only when every key of their type is a parameter the SDK knows (their types are
 * checked by `P extends SdkRequest<M>`): a misspelt parameter turns the argument type into one that names it, so the
 * build fails at the call.
 */
type KnownToTheSdk<P, M extends keyof SdkAccounts> = [Unknown<P, SdkRequest<M>>] extends [never]
  ? unknown
  : { parametersUnknownToTheSdk: Unknown<P, SdkRequest<M>> };

/**
 * Our answer types against the SDK's, at compile time: every field we declare is one the SDK answers (or the
 * envelope of the contract adds), and the SDK's answer is assignable to ours. A `false` here fails the build below.
 */
type AnswerFits<M extends IdentityMethod & keyof SdkAccounts> = [Unknown<OurAnswer<M>, ContractAnswer<M>>] extends [never]
  ? ContractAnswer<M> extends OurAnswer<M>
    ? true
    : { answerNotAssignable: M }
  : { answerFieldsUnknownToTheSdk: Unknown<OurAnswer<M>, ContractAnswer<M>> };
const answersFit: { [M in IdentityMethod]: true } = {} as { [M in IdentityMethod]: AnswerFits<M> };
void answersFit;

type GigyaWindow = Window & { gigya?: GigyaSdk; onGigyaServiceReady?: (...args: unknown[]) => void };

export interface CdcProviderOptions {
  apiKey: string;
  /** eu1, us1, au1, …; defaults to eu1. */
  dataCenter?: string;
  /** Language of the SDK's own texts (`lang`). */
  language: string;
  /** Loads a script by URL; defaults to appending a `<script>` element. Tests pass a stand-in. */
  loadScript?: (src: string) => Promise<void>;
  /** The window the SDK lives on; defaults to the global window. */
  window?: Window;
}

/**
 * The vendor's domain of a data centre, the `<Data_Center>` of its addresses: `{dataCenter}.gigya.com`, except China's,
 * `cn1.gigya-api.cn` (the vendor's REST reference, e.g. developers.gigya.com "accounts.getAccountInfo REST": "cn1.gigya-api.cn
 * - For the Chinese data center"; its Web SDK page loads `https://cdns.<Data_Center>/js/gigya.js`). QA round of
 * 2026-11-29: cn1 loaded its script from cdns.cn1.gigya.com. The service's Go client builds its REST address the same way.
 */
export function cdcDataCenterDomain(dataCenter: string | undefined): string {
  const dc = dataCenter || 'eu1';
  return dc === 'cn1' ? 'cn1.gigya-api.cn' : `${dc}.gigya.com`;
}

/** `https://cdns.{data centre's domain}/js/gigya.js?apikey=…&lang=…` */
export function cdcScriptUrl(options: Pick<CdcProviderOptions, 'apiKey' | 'dataCenter' | 'language'>): string {
  const query = new URLSearchParams({ apikey: options.apiKey, lang: options.language });
  return `https://cdns.${cdcDataCenterDomain(options.dataCenter)}/js/gigya.js?${query.toString()}`;
}

/**
 * `https://cdns.{data centre's domain}/js/gigya.oidc.js?apiKey=…`: the vendor's OpenID Connect proxy script, which
 * spec 000 §7 loads with the api key.
 */
export function cdcOidcScriptUrl(options: { apiKey: string; dataCenter?: string }): string {
  const query = new URLSearchParams({ apiKey: options.apiKey });
  return `https://cdns.${cdcDataCenterDomain(options.dataCenter)}/js/gigya.oidc.js?${query.toString()}`;
}

/** The pages the vendor's OIDC proxy script sends the shopper to: the portal's own. */
export interface CdcOidcPages {
  loginURL: string;
  consentURL?: string;
  errorURL?: string;
}

export interface CdcOidcOptions extends Pick<CdcProviderOptions, 'dataCenter' | 'language' | 'window'>, CdcOidcPages {
  /** The api key of single sign-on (metadata sso.apiKey). */
  apiKey: string;
  /** Loads a script by URL, with inline text (the proxy script's settings); defaults to appending a `<script>`. */
  loadScript?: (src: string, text?: string) => Promise<void>;
}

/**
 * Makes the page the vendor's OpenID Connect proxy page (single sign-on with SAP Customer Data Cloud as the
 * partners' provider): the Web SDK first (unless it is there already), then `gigya.oidc.js` with the api key and,
 * as its inline settings, the portal's login, consent and error pages. The script then drives the redirects.
 */
export async function loadCdcOidcScript(options: CdcOidcOptions): Promise<void> {
  const win = (options.window ?? window) as GigyaWindow;
  const loadScript = options.loadScript ?? appendScript;
  try {
    if (!win.gigya?.accounts) await loadScript(cdcScriptUrl(options));
    const pages: CdcOidcPages = { loginURL: options.loginURL, consentURL: options.consentURL, errorURL: options.errorURL };
    await loadScript(cdcOidcScriptUrl(options), JSON.stringify(pages));
  } catch (cause) {
    throw new IdentityTransportError('script-load', 'The single sign-on script could not be loaded', { cause });
  }
}

/** Adds a `<script>` element (with inline text, for scripts that read their own settings) and waits for it to load. */
export function appendScript(src: string, text?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    if (text) script.text = text;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`script ${src} failed to load`));
    document.head.appendChild(script);
  });
}

/**
 * The SAP Customer Data Cloud (Gigya) Web SDK adapter: loads the vendor's script once, waits until the SDK is
 * ready, and turns `gigya.accounts.<method>({...params, callback})` into promises of the envelope.
 */
export function createCdcProvider(options: CdcProviderOptions): IdentityProvider {
  const win = (options.window ?? window) as GigyaWindow;
  const loadScript = options.loadScript ?? appendScript;
  const events = new IdentityEvents();
  let ready: Promise<GigyaSdk> | undefined;
  // The SDK's events, in the order they came: a login waits for its account sections, a logout after it waits too.
  let emitted: Promise<void> = Promise.resolve();

  /**
   * The contract's login event: the SDK's, with the sections the contract's event carries read from getAccountInfo
   * (withLoginSections, as the http adapter asks for them with every login). QA round of 2026-11-29: after a login
   * through the vendor the account state lacked preferences and subscriptions until a refresh. When the read fails,
   * the SDK's event goes on as it came.
   */
  async function loginEvent(event: GigyaLoginEvent): Promise<LoginEvent> {
    try {
      const info = await call('getAccountInfo', { include: withLoginSections(undefined) });
      if (info.errorCode === ErrorCode.OK) {
        const { profile = event.profile, data = event.data, preferences = event.preferences, subscriptions = event.subscriptions } = info;
        return loginEventFrom({ UID: event.UID, profile, data, preferences, subscriptions }, event.provider, event.newUser);
      }
    } catch {
      // the SDK's event as it came
    }
    return loginEventFrom(event, event.provider, event.newUser);
  }

  function sdk(): Promise<GigyaSdk> {
    ready ??= loadSdk().then(
      (gigya) => {
        gigya.accounts.addEventHandlers({
          onLogin: (event) => {
            emitted = emitted.then(() => loginEvent(event)).then((e) => events.emitLogin(e));
          },
          onLogout: () => {
            emitted = emitted.then(() => events.emitLogout());
          },
        });
        return gigya;
      },
      (error: unknown) => {
        ready = undefined; // a later call may try again, e.g. once the network is back
        throw error;
      },
    );
    return ready;
  }

  function loadSdk(): Promise<GigyaSdk> {
    if (win.gigya?.accounts) return Promise.resolve(win.gigya);
    const src = cdcScriptUrl(options);
    return new Promise<GigyaSdk>((resolve, reject) => {
      const previous = win.onGigyaServiceReady;
      win.onGigyaServiceReady = (...args: unknown[]) => {
        previous?.(...args);
        if (win.gigya?.accounts) resolve(win.gigya);
      };
      loadScript(src).then(
        () => {
          // Some SDK versions are usable right after load without calling onGigyaServiceReady.
          if (win.gigya?.accounts) resolve(win.gigya);
        },
        (cause: unknown) =>
          reject(new IdentityTransportError('script-load', 'The identity provider script could not be loaded', { cause })),
      );
    });
  }

  /** One SDK call; `method` must be a method of the SDK's accounts namespace and `params` its parameters. */
  async function call<M extends IdentityMethod & keyof SdkAccounts, P extends SdkRequest<M>>(
    method: M,
    params: P & KnownToTheSdk<P, M>,
  ): Promise<OurAnswer<M>> {
    const gigya = await sdk();
    const fn: unknown = gigya.accounts[method];
    if (typeof fn !== 'function') {
      throw new IdentityTransportError('sdk-unavailable', `The identity provider SDK has no accounts.${method}`);
    }
    return new Promise<OurAnswer<M>>((resolve, reject) => {
      try {
        (fn as (p: object) => void).call(gigya.accounts, {
          ...params,
          // What the answer holds is checked against our types once, at compile time (answersFit above).
          callback: (response: ContractAnswer<M>) => resolve(envelopeOf(response as unknown as Envelope) as OurAnswer<M>),
        });
      } catch (cause) {
        reject(new IdentityTransportError('sdk-unavailable', `accounts.${method} failed in the identity provider SDK`, { cause }));
      }
    });
  }

  return {
    initRegistration: (params = {}) => call('initRegistration', params),
    // Passkeys are the embedded provider's; with the vendor its passwordless widget (OwnID) registers instead. The
    // vendor takes a language (nl), not the page's tag with its country (nl-BE), as with setAccountInfo below.
    register: ({ passkey: _passkey, lang, ...params }) => call('register', lang ? { ...params, lang: baseLang(lang) } : params),
    finalizeRegistration: (params) => call('finalizeRegistration', params),
    // The app handles the interruptions itself (LoginParams.ignoreInterruptions): said with every login.
    login: (params) => call('login', { ignoreInterruptions: false, ...params }),
    // The definitions know no `include` here (spec 000 §7 sends the provider only): the login event carries the account.
    // The SDK's mails speak the language it was loaded with (cdcScriptUrl).
    socialLogin: ({ include: _include, lang: _lang, ...params }) => call('socialLogin', params),
    getConflictingAccount: (params) => call('getConflictingAccount', params),
    getAccountInfo: (params = {}) => call('getAccountInfo', params),
    // The vendor keys consents' legal statements by language (nl): a page's tag with its country (nl-BE, which the
    // embedded provider uses to name a country's newsletters) goes to it as its language.
    setAccountInfo: ({ lang, ...params }) => call('setAccountInfo', lang ? { ...params, lang: baseLang(lang) } : params),
    resetPassword: (params) => call('resetPassword', 'lang' in params && params.lang ? { ...params, lang: baseLang(params.lang) } : params),
    // The definitions know no `lang` here: the SDK speaks the language it was loaded with (cdcScriptUrl).
    resendVerificationCode: ({ lang: _lang, ...params }) => call('resendVerificationCode', params),
    getSchema: (params = {}) => call('getSchema', params),
    getPolicies: (params = {}) => call('getPolicies', params),
    getSiteConsentDetails: () => call('getSiteConsentDetails', {}),
    logout: () => call('logout', {}),
    // The session as the SDK's id_token; the service checks it against the vendor's keys.
    async getJWT(): Promise<GetJWTResponse> {
      const gigya = await sdk();
      return new Promise<GetJWTResponse>((resolve, reject) => {
        try {
          gigya.accounts.getJWT({ callback: (response) => resolve(envelopeOf(response as unknown as Envelope) as GetJWTResponse) });
        } catch (cause) {
          reject(new IdentityTransportError('sdk-unavailable', 'accounts.getJWT failed in the identity provider SDK', { cause }));
        }
      });
    },
    // The Web SDK has no export: the account as getAccountInfo answers it is the shopper's data (the vendor never
    // answers hashes or tokens there). Deletion is not offered (see IdentityProvider.deleteAccount).
    async exportAccountData(): Promise<ExportAccountDataResponse> {
      const info = await call('getAccountInfo', { include: 'profile,data,preferences,subscriptions,loginIDs,emails', extraProfileFields: 'phones' });
      if (info.errorCode !== ErrorCode.OK) return info;
      const { UID = '', profile, data, preferences, subscriptions, isRegistered, isVerified, created, lastLogin, regSource, socialProviders } = info;
      const account: AccountExport = {
        UID,
        email: profile?.email ?? '',
        profile,
        data,
        preferences,
        subscriptions,
        isRegistered,
        isVerified,
        created,
        lastLogin,
        regSource,
        loginProviders: socialProviders ? socialProviders.split(',').filter(Boolean) : [],
      };
      return { errorCode: ErrorCode.OK, exportedAt: new Date().toISOString(), account };
    },
    onLogin(handler) {
      void sdk().catch(() => undefined); // handlers are registered with the SDK once it is there
      return events.onLogin(handler);
    },
    onLogout(handler) {
      void sdk().catch(() => undefined);
      return events.onLogout(handler);
    },
  };
}

/** The SDK's answer, without the parts that only make sense inside the SDK (`context`, `requestParams`). */
function envelopeOf(response: Envelope | null | undefined): Envelope {
  if (typeof response !== 'object' || response === null) {
    return { errorCode: ErrorCode.GENERAL_SERVER_ERROR, errorMessage: errorMessageOf(ErrorCode.GENERAL_SERVER_ERROR) };
  }
  const copy = { ...response } as Envelope & { context?: unknown; requestParams?: unknown };
  delete copy.context;
  delete copy.requestParams;
  return copy;
}
