import type { Envelope } from '../envelope';
import { IdentityTransportError } from '../errors';
import { IdentityEvents, loginEventFrom } from '../events';
import type { AccountExport, ExportAccountDataResponse, GetAccountInfoResponse, IdentityMethod, IdentityProvider } from '../types';

/** The part of the vendor's global `gigya` object this adapter uses. */
export interface GigyaSdk {
  accounts: Record<string, unknown> & {
    addEventHandlers?: (handlers: {
      onLogin?: (event: GigyaLoginEvent) => void;
      onLogout?: (event: unknown) => void;
    }) => void;
  };
}

/** What the SDK hands to onLogin (only the fields the contract's login event needs). */
export interface GigyaLoginEvent {
  UID?: string;
  provider?: string;
  loginProvider?: string;
  profile?: unknown;
  data?: unknown;
  preferences?: unknown;
  subscriptions?: unknown;
  newUser?: boolean;
}

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

/** `https://cdns.{dataCenter}.gigya.com/js/gigya.js?apikey=…&lang=…` */
export function cdcScriptUrl(options: Pick<CdcProviderOptions, 'apiKey' | 'dataCenter' | 'language'>): string {
  const query = new URLSearchParams({ apikey: options.apiKey, lang: options.language });
  return `https://cdns.${options.dataCenter || 'eu1'}.gigya.com/js/gigya.js?${query.toString()}`;
}

/** Adds a `<script>` element and waits for it to load. */
export function appendScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
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

  function sdk(): Promise<GigyaSdk> {
    ready ??= loadSdk().then(
      (gigya) => {
        gigya.accounts.addEventHandlers?.({
          onLogin: (event) => events.emitLogin(loginEventFrom(event, event.provider ?? event.loginProvider ?? 'site', false)),
          onLogout: () => events.emitLogout(),
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

  async function call<T extends Envelope>(method: IdentityMethod, params: object = {}): Promise<T> {
    const gigya = await sdk();
    const fn = gigya.accounts[method];
    if (typeof fn !== 'function') {
      throw new IdentityTransportError('sdk-unavailable', `The identity provider SDK has no accounts.${method}`);
    }
    return new Promise<T>((resolve, reject) => {
      try {
        (fn as (p: object) => void).call(gigya.accounts, {
          ...params,
          callback: (response: T) => resolve(envelopeOf(response)),
        });
      } catch (cause) {
        reject(new IdentityTransportError('sdk-unavailable', `accounts.${method} failed in the identity provider SDK`, { cause }));
      }
    });
  }

  return {
    initRegistration: (params = {}) => call('initRegistration', params),
    register: (params) => call('register', params),
    finalizeRegistration: (params) => call('finalizeRegistration', params),
    login: (params) => call('login', params),
    socialLogin: (params) => call('socialLogin', params),
    getConflictingAccount: (params) => call('getConflictingAccount', params),
    getAccountInfo: (params = {}) => call('getAccountInfo', params),
    setAccountInfo: (params) => call('setAccountInfo', params),
    resetPassword: (params) => call('resetPassword', params),
    resendVerificationCode: (params) => call('resendVerificationCode', params),
    getSchema: (params = {}) => call('getSchema', params),
    getPolicies: (params = {}) => call('getPolicies', params),
    getSiteConsentDetails: () => call('getSiteConsentDetails'),
    logout: () => call('logout'),
    // The Web SDK has no export: the account as getAccountInfo answers it is the shopper's data (the vendor never
    // answers hashes or tokens there). Deletion is not offered (see IdentityProvider.deleteAccount).
    async exportAccountData(): Promise<ExportAccountDataResponse> {
      const info = await call<GetAccountInfoResponse>('getAccountInfo', {
        include: 'profile,data,preferences,subscriptions,loginIDs,emails',
        extraProfileFields: 'phones',
      });
      if (info.errorCode !== 0) return info;
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
      return { errorCode: 0, exportedAt: new Date().toISOString(), account };
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
function envelopeOf<T extends Envelope>(response: T): T {
  if (typeof response !== 'object' || response === null) return { errorCode: 500001, errorMessage: 'General server error' } as T;
  const copy = { ...response } as T & { context?: unknown; requestParams?: unknown };
  delete copy.context;
  delete copy.requestParams;
  return copy;
}
