/**
 * Single sign-on hand-over (spec 000 §2, §3, §4, §9): the stored `ssoToken` of the vendor's Web SDK single
 * sign-on, the stored partner token `oidcServicePartner` of a partner's OpenID Connect sign-in (the service's
 * sign-in request, kept 15 minutes), the session type they make, and where the shopper goes next.
 */

/** Local storage keys of spec 000 §3. */
export const SSO_TOKEN_KEY = 'ssoToken';
export const PARTNER_TOKEN_KEY = 'oidcServicePartner';

/** Spec 000 §9: the partner token lives 15 minutes (900000 ms). */
export const PARTNER_TOKEN_LIFETIME_MS = 900_000;

/** The query parameter with which the service's OpenID Connect provider sends a partner's sign-in to /login. */
export const PARTNER_REQUEST_PARAM = 'oidcRequest';

/** The registered partner (its id) whose sign-in the service's provider sends beside the request (sso.PartnerParam). */
export const PARTNER_PARAM = 'partner';

/**
 * The tab's own storage key of the partner its last sign-in was for, which the expired sign-in's page offers the way
 * back to (the request's id tells nothing once it expired). Only a registered partner's home page is linked.
 */
export const SIGN_IN_PARTNER_KEY = 'oidcServicePartnerId';

/** With `login`, the service's provider asks a logged-in shopper to log in again (a partner's prompt=login). */
export const LOGIN_AGAIN_PARAM = 'prompt';

/** Spec 000 §2: the redirect page, as single sign-on opens it. */
export const REDIRECT_PAGE = '/login/redirect?mode=afterConsent&skipConsent=true';

/**
 * The page of a partner's sign-in that expired (the service's ssoapi.ExpiredSignInPage): it leads back to the partner
 * the tab's sign-in was for (SIGN_IN_PARTNER_KEY).
 */
export const EXPIRED_SIGN_IN_PAGE = '/error/sso-expired';

/** Where the service's provider continues a partner's sign-in once the shopper is logged in. */
export const PARTNER_CONTINUE_PATH = '/oidc/continue';

export type SsoSessionType = 'WebSDKSSo' | 'OIDC' | 'NONE';

/** A stored token record: the token and when it expires (ms since the epoch). */
export interface StoredToken {
  token: string;
  expires: number;
}

type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function localStore(): TokenStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The tab's own storage: which partner's sign-in this tab was opened for. */
function tabStore(): TokenStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** A live stored token; an expired or unreadable one is removed (spec 000 §4: removed when expired). */
export function readToken(key: string, now: number = Date.now(), storage: TokenStorage | undefined = localStore()): StoredToken | undefined {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<StoredToken>;
    if (typeof value.token === 'string' && value.token && typeof value.expires === 'number' && value.expires > now) {
      return { token: value.token, expires: value.expires };
    }
    storage?.removeItem(key);
  } catch {
    try {
      storage?.removeItem(key);
    } catch {
      // storage unavailable: nothing stored either
    }
  }
  return undefined;
}

function writeToken(key: string, token: StoredToken, storage: TokenStorage | undefined) {
  try {
    storage?.setItem(key, JSON.stringify(token));
  } catch {
    // storage unavailable (private mode): the hand-over then ends at the account page (at /login?oidcRequest=…, at
    // the expired sign-in's page: no record of the request is found)
  }
}

function removeToken(key: string, storage: TokenStorage | undefined) {
  try {
    storage?.removeItem(key);
  } catch {
    // nothing to remove
  }
}

/**
 * Keeps a partner's sign-in request for 15 minutes: in local storage, as spec 000 §3 names it, and in the tab's
 * own storage, since two partners' sign-ins in two tabs share the one local record (QA: the first tab's login went
 * on to the second tab's partner).
 */
export function storePartnerToken(
  token: string,
  now: number = Date.now(),
  storage: TokenStorage | undefined = localStore(),
  tab: TokenStorage | undefined = tabStore(),
) {
  const record = { token, expires: now + PARTNER_TOKEN_LIFETIME_MS };
  writeToken(PARTNER_TOKEN_KEY, record, storage);
  writeToken(PARTNER_TOKEN_KEY, record, tab);
}

/**
 * Reads and removes the partner token: a sign-in request is answered once. The tab's own request comes first; the
 * local record stays when it is another tab's.
 */
export function takePartnerToken(
  now: number = Date.now(),
  storage: TokenStorage | undefined = localStore(),
  tab: TokenStorage | undefined = tabStore(),
): string | undefined {
  const token = (readToken(PARTNER_TOKEN_KEY, now, tab) ?? readToken(PARTNER_TOKEN_KEY, now, storage))?.token;
  removeToken(PARTNER_TOKEN_KEY, tab);
  if (readToken(PARTNER_TOKEN_KEY, now, storage)?.token === token) removeToken(PARTNER_TOKEN_KEY, storage);
  return token;
}

/** Whether a partner's sign-in waits: this tab's, or one in local storage. */
export function partnerSignInWaiting(now: number = Date.now(), storage: TokenStorage | undefined = localStore(), tab: TokenStorage | undefined = tabStore()): boolean {
  return Boolean(readToken(PARTNER_TOKEN_KEY, now, tab) ?? readToken(PARTNER_TOKEN_KEY, now, storage));
}

/** Keeps the Web SDK's single-sign-on token. */
export function storeSsoToken(token: string, expires: number, storage: TokenStorage | undefined = localStore()) {
  writeToken(SSO_TOKEN_KEY, { token, expires }, storage);
}

/** Spec 000 §4: the sso-token error `invalid_token` / 'invalid sso token' clears the stored token. Answers whether it did. */
export function clearSsoTokenOnError(error: unknown, storage: TokenStorage | undefined = localStore()): boolean {
  const e = (error ?? {}) as { error?: unknown; error_description?: unknown; errorDescription?: unknown };
  const description = e.error_description ?? e.errorDescription;
  if (e.error === 'invalid_token' && typeof description === 'string' && description.toLowerCase() === 'invalid sso token') {
    removeToken(SSO_TOKEN_KEY, storage);
    return true;
  }
  return false;
}

/**
 * Keeps for the tab the partner that the service's provider names beside a sign-in request (the login's and the
 * consent page's), in place of an earlier sign-in's; an address without one (the consent page's way to the login)
 * leaves it as it is.
 */
export function rememberSignInPartner(query: URLSearchParams) {
  const partner = query.get(PARTNER_PARAM);
  try {
    if (partner) tabStore()?.setItem(SIGN_IN_PARTNER_KEY, partner);
  } catch {
    // storage unavailable: the expired sign-in's page then offers no way back to the partner
  }
}

/**
 * Reads what a partner handed over in the URL: a sign-in request of the service's provider (`oidcRequest`)
 * becomes the partner token, and the partner it names is kept for the tab (SIGN_IN_PARTNER_KEY); a Web SDK
 * `ssoToken` is kept as well. Expired records are removed on the way.
 */
export function rememberHandOver(search: string, now: number = Date.now(), storage: TokenStorage | undefined = localStore()) {
  const query = new URLSearchParams(search);
  const request = query.get(PARTNER_REQUEST_PARAM);
  if (request) storePartnerToken(request, now, storage);
  else readToken(PARTNER_TOKEN_KEY, now, storage);
  rememberSignInPartner(query);
  // A single-sign-on error handed back in the URL (error, error_description) may void the stored token.
  if (clearSsoTokenOnError({ error: query.get('error'), error_description: query.get('error_description') }, storage)) return;
  const ssoToken = query.get('ssoToken');
  if (ssoToken) storeSsoToken(ssoToken, now + PARTNER_TOKEN_LIFETIME_MS, storage);
  else readToken(SSO_TOKEN_KEY, now, storage);
}

/**
 * Spec 000 §4: WebSDKSSo when the URL carries a single-sign-on token or one is stored; OIDC when a partner token
 * exists or the vendor's OIDC script is loaded; otherwise NONE.
 */
export function ssoSessionType(
  search: string = typeof window === 'undefined' ? '' : window.location.search,
  now: number = Date.now(),
  { oidcScriptLoaded = false, storage = localStore(), tab = tabStore() }: { oidcScriptLoaded?: boolean; storage?: TokenStorage; tab?: TokenStorage } = {},
): SsoSessionType {
  if (new URLSearchParams(search).get('ssoToken') || readToken(SSO_TOKEN_KEY, now, storage)) return 'WebSDKSSo';
  if (partnerSignInWaiting(now, storage, tab) || oidcScriptLoaded) return 'OIDC';
  return 'NONE';
}

/**
 * Where a shopper goes once logged in: with a partner's sign-in (or the Web SDK's single sign-on) waiting, the
 * redirect page that hands them back to the partner (spec 000 §1, §4); else `fallback`. A page's address (`search`)
 * that still carries a sign-in request whose record expired (15 minutes, spec 000 §4, §9) leads to the expired
 * sign-in's page and its way back to the partner, as the service's own expiry does: the account page left the
 * partner without an answer (QA: the partner's /login left open 16 minutes).
 */
export function afterLoginPath(fallback = '/', search = ''): string {
  return ssoSessionType() !== 'NONE' ? REDIRECT_PAGE : new URLSearchParams(search).has(PARTNER_REQUEST_PARAM) ? EXPIRED_SIGN_IN_PAGE : fallback;
}

/** Where the browser continues a partner's sign-in (a page of the service, not of this app). */
export function partnerContinueURL(token: string): string {
  return `${PARTNER_CONTINUE_PATH}?id=${encodeURIComponent(token)}`;
}
