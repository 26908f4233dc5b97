import type { Envelope } from '../envelope';
import { IdentityTransportError } from '../errors';
import { IdentityEvents, loginEventFrom, withLoginSections } from '../events';
import { readSocialLoginResult } from './social-login-result';

export { readSocialLoginResult };
import type { IdentityMethod, IdentityProvider, OwnDataMethod, PasskeyMethod, SocialLoginParams, SocialLoginResponse } from '../types';

export interface HttpProviderOptions {
  /** Where the service is; '' for the same origin (the default deployment). */
  baseUrl?: string;
  /** Defaults to the global fetch; tests pass one that keeps cookies. */
  fetch?: typeof fetch;
  /** How socialLogin leaves the page; defaults to `window.location.assign`. */
  navigate?: (url: string) => void;
  /**
   * Drives the browser's part of a social login instead of `navigate` (tests against the real service): given
   * the start URL, follows the redirects through the social provider back to the service and answers the URL
   * the service finally redirects to (redirectURL with `?errorCode=…`). socialLogin then resolves with that
   * answer, and on success emits onLogin as the other logins do.
   */
  followSocialLogin?: (startUrl: string) => Promise<string>;
  /**
   * The language of the page (default: the document's `lang`, which the site keeps to the language shown), sent as
   * `lang` with every call that names none: the mails a call causes (a password changed notice, the account's
   * deletion, a resent verification) speak the page's language, as the vendor SDK's speak its own; without it they
   * spoke whatever language the account last saved with (QA).
   */
  pageLanguage?: () => string | undefined;
}

/**
 * The embedded provider of the Go service: `POST {baseUrl}/identity/accounts.<method>` with a JSON body; the
 * session is an HttpOnly cookie the browser keeps.
 */
export function createHttpProvider(options: HttpProviderOptions = {}): IdentityProvider {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const navigate = options.navigate ?? ((url: string) => window.location.assign(url));
  const events = new IdentityEvents();
  const pageLanguage = options.pageLanguage ?? (() => globalThis.document?.documentElement.lang || undefined);
  const withLanguage = (params: object): object => {
    const lang = (params as { lang?: unknown }).lang === undefined ? pageLanguage() : undefined;
    return lang ? { ...params, lang } : params;
  };

  async function call<T extends Envelope>(method: IdentityMethod | OwnDataMethod | PasskeyMethod, params: object = {}): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}/identity/accounts.${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(withLanguage(params)),
      });
    } catch (cause) {
      throw new IdentityTransportError('network', `accounts.${method}: the identity service could not be reached`, { cause });
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (cause) {
      throw new IdentityTransportError('invalid-response', `accounts.${method}: answer ${response.status} is not JSON`, {
        cause,
        status: response.status,
      });
    }
    if (!isEnvelope(body)) {
      throw new IdentityTransportError('invalid-response', `accounts.${method}: answer ${response.status} is not an envelope`, {
        status: response.status,
      });
    }
    return body as T;
  }

  return {
    initRegistration: (params = {}) => call('initRegistration', params),
    async register(params) {
      const wantsSession = params.finalizeRegistration === true;
      const answer = await call<Awaited<ReturnType<IdentityProvider['register']>>>('register', {
        ...params,
        ...(wantsSession ? { include: withLoginSections(params.include) } : {}),
      });
      if (wantsSession && answer.errorCode === 0) events.emitLogin(loginEventFrom(answer, 'site', true));
      return answer;
    },
    async finalizeRegistration(params) {
      const answer = await call<Awaited<ReturnType<IdentityProvider['finalizeRegistration']>>>('finalizeRegistration', {
        ...params,
        include: withLoginSections(params.include),
      });
      if (answer.errorCode === 0) events.emitLogin(loginEventFrom(answer, 'site', true));
      return answer;
    },
    async login(params) {
      const answer = await call<Awaited<ReturnType<IdentityProvider['login']>>>('login', {
        // The app handles the interruptions itself (LoginParams.ignoreInterruptions): said with every login.
        ignoreInterruptions: false,
        ...params,
        include: withLoginSections(params.include),
      });
      // 200009 (stale link token) opens no session: the app logs in plainly next (spec 000 §4).
      if (answer.errorCode === 0) events.emitLogin(loginEventFrom(answer, 'site', false));
      return answer;
    },
    async socialLogin(params: SocialLoginParams): Promise<SocialLoginResponse> {
      // Without a provider there is nowhere to go: the service's method answers 400002 naming it.
      if (!params.provider?.trim()) return call('socialLogin', params);
      if (options.followSocialLogin) {
        const { followSocialLogin } = await import('./follow-social-login');
        return followSocialLogin(options.followSocialLogin, socialLoginUrl(baseUrl, params), params, (include) => call('getAccountInfo', { include }), events);
      }
      navigate(socialLoginUrl(baseUrl, params));
      // The page is on its way to the social provider; the answer arrives as query parameters of redirectURL.
      return new Promise<SocialLoginResponse>(() => undefined);
    },
    getConflictingAccount: (params) => call('getConflictingAccount', params),
    getAccountInfo: (params = {}) => call('getAccountInfo', params),
    setAccountInfo: (params) => call('setAccountInfo', params),
    resetPassword: (params) => call('resetPassword', params),
    resendVerificationCode: (params) => call('resendVerificationCode', params),
    getSchema: (params = {}) => call('getSchema', params),
    getPolicies: (params = {}) => call('getPolicies', params),
    getSiteConsentDetails: () => call('getSiteConsentDetails'),
    async logout() {
      const answer = await call<Envelope>('logout');
      // The client forgets the session whatever the server said; a failure is only worth a log line.
      if (answer.errorCode !== 0) console.warn('identity: logout answered', answer.errorCode);
      events.emitLogout();
      return answer;
    },
    exportAccountData: () => call('exportAccountData'),
    // The service ends every session of the account and clears the cookie; the app confirms the deletion and
    // then logs out (which also clears its own state), so the confirmation is not swept away by a logout event.
    deleteAccount: (params) => call('deleteAccount', params),
    initPasskeyRegistration: (params = {}) => call('initPasskeyRegistration', params),
    registerPasskey: (params) => call('registerPasskey', params),
    initPasskeyLogin: () => call('initPasskeyLogin'),
    async passkeyLogin(params) {
      const answer = await call<Awaited<ReturnType<NonNullable<IdentityProvider['passkeyLogin']>>>>('passkeyLogin', {
        ...params,
        include: withLoginSections(params.include),
      });
      if (answer.errorCode === 0) events.emitLogin(loginEventFrom(answer, 'passkey', false));
      return answer;
    },
    getPasskeys: () => call('getPasskeys'),
    removePasskey: (params) => call('removePasskey', params),
    onLogin: events.onLogin,
    onLogout: events.onLogout,
  };
}

/** `{baseUrl}/identity/social/{provider}/start?redirectURL=…` (plus loginMode/regToken when linking, and lang). */
export function socialLoginUrl(baseUrl: string, params: SocialLoginParams): string {
  const query = new URLSearchParams();
  query.set('redirectURL', params.redirectURL ?? currentUrl());
  if (params.loginMode) query.set('loginMode', params.loginMode);
  if (params.regToken) query.set('regToken', params.regToken);
  if (params.lang) query.set('lang', params.lang);
  return `${baseUrl.replace(/\/+$/, '')}/identity/social/${encodeURIComponent(params.provider)}/start?${query.toString()}`;
}

function currentUrl(): string {
  return typeof window === 'undefined' ? '/' : window.location.href;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { errorCode?: unknown }).errorCode === 'number';
}
