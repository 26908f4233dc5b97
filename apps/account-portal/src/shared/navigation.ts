import { matchPath, type Location } from 'react-router-dom';

/** Where a registration to finish comes from (spec 000 §2, /registration/finalize). */
export type FinalizeOrigin = 'registration' | 'siteLogin' | 'socialLogin' | 'ownIdLogin';

export const LOGIN_ORIGINS: readonly FinalizeOrigin[] = ['siteLogin', 'socialLogin', 'ownIdLogin'];

/** The navigation state of /registration/finalize. */
export interface FinalizeState {
  origin: FinalizeOrigin;
  regToken?: string;
}

/**
 * The address a page's form starts with, handed over in the navigation state: /registration's account-exists links
 * open /login and the password reset with the address it found an account for. Never in the URL (a query
 * parameter), where it would land in the service's and proxies' logs and in the browser's history (personal data).
 */
export interface EmailState {
  email?: string;
}

/** The navigation state a protected page hands to /login, so the login can return there. */
export interface LoginState extends EmailState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  /** The session ended under the page the shopper was on; the login says so. */
  sessionEnded?: boolean;
  /** The password was just changed, which ended the session; the login says so (its text comes with that page's). */
  passwordChanged?: boolean;
  /**
   * A registration waits for its address's confirmation: the login says again what the confirmation page said, whose
   * 3 s (spec 000 §9) were too short to read it or hear it to its end (WCAG 2.2.1, QA keyboard round).
   */
  registered?: boolean;
}

/** The navigation state the account page hands to /logout once the account is deleted: the logout confirms it. */
export interface LogoutState {
  accountDeleted?: boolean;
}

const anyOrigin = 'http://portal.invalid';

/**
 * A path on this site (`/x`), never another host (`//evil.example`, `/\evil.example`) or a scheme. Judged as the
 * browser reads it, which drops tabs and line breaks: `/<TAB>/evil.example` is `//evil.example` (QA security round).
 */
export function isSameSitePath(value: unknown): value is string {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (typeof value !== 'string' || !value.startsWith('/') || /[\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    return new URL(value, anyOrigin).origin === anyOrigin;
  } catch {
    return false;
  }
}

/** Where /login goes after a successful login: the protected page the visitor came from, else the account page. */
export function returnPath(state: unknown): string {
  const from = (state as LoginState | null)?.from;
  const path = from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : undefined;
  return isSameSitePath(path) && !path.startsWith('/login') && !path.startsWith('/logout') ? path : '/';
}

/**
 * The navigation state of this app's links to a page that, once done, goes back to the page the shopper came from
 * (the address form, spec 000 §2): only then is the entry behind known to be a page of this app. The form reached
 * otherwise (typed, in a new tab, through the login, whose replace navigations give the entry a new key) went back
 * out of the portal after saving (QA); it goes to its overview instead.
 */
export interface CameFromAppState {
  cameFromApp: true;
}

export const CAME_FROM_APP: CameFromAppState = { cameFromApp: true };

/** Whether the page was opened by one of this app's links with CAME_FROM_APP. */
export function cameFromApp(state: unknown): boolean {
  return (state as Partial<CameFromAppState> | null)?.cameFromApp === true;
}

export function finalizeStateOf(state: unknown): Partial<FinalizeState> {
  const value = (state ?? {}) as Partial<FinalizeState>;
  return { origin: value.origin, regToken: typeof value.regToken === 'string' ? value.regToken : undefined };
}

/** Every route of spec 000 §2 (plus the single-sign-on consent page). */
export const accountPortalPaths = [
  '/',
  '/login',
  '/login/redirect',
  '/login/consent',
  '/login/reset-password/start',
  '/login/reset-password',
  '/registration',
  '/registration/confirmation',
  '/registration/finalize',
  '/update-confirmation',
  '/session-expired',
  '/social/link-accounts',
  '/double-opt-in-done',
  '/error/:errorCode',
  '/addresses',
  '/addresses/addresschange',
  '/addresses/addaddress',
  '/personaldata',
  '/accessdata',
  '/logout',
] as const;

export type AccountPortalPath = (typeof accountPortalPaths)[number];

/**
 * Whether an address is a page of the account portal (`/personaldata`, `/addresses?x`), which the app opens itself;
 * not another app on the same site (`/preferences`) nor another host.
 */
export function isAccountPortalPage(url: string): boolean {
  return isSameSitePath(url) && accountPortalPathOf(new URL(url, anyOrigin).pathname) !== undefined;
}

/** The route of the account portal a pathname is on (`/error/500` → `/error/:errorCode`), if any. */
export function accountPortalPathOf(pathname: string): AccountPortalPath | undefined {
  return accountPortalPaths.find((path) => matchPath(path, pathname) !== null);
}
