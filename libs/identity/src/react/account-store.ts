import { focusManager, onlineManager } from '@tanstack/react-query';
import { isSuccess, isUnauthorized, type Envelope } from '../envelope';
import type { AccountData, IdentityProvider, LoginEvent, Preferences, Profile, SetAccountInfoParams, Subscriptions } from '../types';

/** The account as the apps hold it (spec 001 §3 and §4). */
export interface AccountState {
  loggedIn: boolean;
  UID?: string;
  profile?: Profile;
  data?: AccountData;
  preferences?: Preferences;
  subscriptions?: Subscriptions;
  /** Set while a registration is in progress, or for a visitor who came with a regToken (preference centre). */
  regToken?: string;
  /** Set when the session ended under an open page (another tab's logout, the idle timeout), so the login can say why. */
  sessionEnded?: boolean;
}

export interface AccountSnapshot {
  account: AccountState;
  /** False until the first look-up of the account has answered. */
  ready: boolean;
}

export type RegistrationPartial = Pick<AccountState, 'profile' | 'data' | 'preferences' | 'subscriptions' | 'UID'>;

/** The sections of a setAccountInfo the provider merges into the account. */
export type SavedChange = Pick<SetAccountInfoParams, 'profile' | 'data' | 'preferences' | 'subscriptions'>;

export type AccountAction =
  | { type: 'login'; event: LoginEvent }
  | { type: 'logout'; sessionEnded?: boolean }
  | { type: 'registration'; regToken: string; partial: RegistrationPartial }
  | { type: 'refreshed'; info: Omit<AccountState, 'loggedIn' | 'regToken'>; viaRegToken: boolean }
  | { type: 'saved'; change: SavedChange }
  | { type: 'ready' };

export const loggedOut: AccountState = { loggedIn: false };

/** The state transitions of spec 001 §4, as a pure function. */
export function accountReducer(state: AccountSnapshot, action: AccountAction): AccountSnapshot {
  switch (action.type) {
    case 'login': {
      const { UID, profile, data, preferences, subscriptions } = action.event;
      return { ready: true, account: { loggedIn: true, UID, profile, data, preferences, subscriptions } };
    }
    case 'logout':
      return { ready: true, account: action.sessionEnded ? { ...loggedOut, sessionEnded: true } : loggedOut };
    case 'registration':
      return { ...state, account: { loggedIn: false, regToken: action.regToken, ...action.partial } };
    case 'refreshed':
      return {
        ready: true,
        account: action.viaRegToken
          ? { ...action.info, loggedIn: false, regToken: state.account.regToken }
          : { ...action.info, loggedIn: true },
      };
    case 'saved': {
      if (!state.account.loggedIn) return state; // a logout since wins
      const account: AccountState = { ...state.account };
      for (const section of ['profile', 'data', 'preferences', 'subscriptions'] as const) {
        const change = action.change[section];
        if (change) Object.assign(account, { [section]: mergeChange(account[section] ?? {}, change) });
      }
      return { ...state, account };
    }
    case 'ready':
      return state.ready ? state : { ...state, ready: true };
  }
}

/** A section with a saved change, as the provider merges it: objects key by key, arrays and values replace, null removes. */
function mergeChange(section: object, change: object): object {
  const merged: Record<string, unknown> = { ...section };
  for (const [key, value] of Object.entries(change)) {
    const held = merged[key];
    if (value === null) delete merged[key];
    else if (isPlainObject(value)) merged[key] = mergeChange(isPlainObject(held) ? held : {}, value);
    else if (value !== undefined) merged[key] = value;
  }
  return merged;
}

function isPlainObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What getAccountInfo is asked for (spec 001 §3). */
export const ACCOUNT_INCLUDE = 'profile,data,preferences,subscriptions';
export const ACCOUNT_EXTRA_PROFILE_FIELDS = 'phones';

export const PW_RESET_LOGIN_ID_KEY = 'pwResetLoginID';

/**
 * The account state of one app, fed by the provider's events and by refresh(); React reads it through
 * useSyncExternalStore.
 */
export class AccountStore {
  private snapshot: AccountSnapshot = { account: loggedOut, ready: false };
  private readonly listeners = new Set<() => void>();
  private refreshes = 0;
  private firstLookUp?: Promise<void>;
  /** Set by a page whose own call ended the session (a password change ends every one), until it logs out. */
  private endedHere = false;

  constructor(private readonly provider: IdentityProvider) {}

  /**
   * The page's own call has ended the session, and the page logs out itself once it has shown the outcome (spec 000
   * §4: the banner, then the logout after 3 seconds). Until then a 403005 is expected, not a session that ended
   * elsewhere: a section mounting below the banner asked again and sent the shopper to the login at once (QA).
   */
  sessionEndedHere = () => {
    this.endedHere = true;
  };

  /** Whether an answer 403005 was expected (sessionEndedHere) rather than a session that ended elsewhere. */
  expectsSessionEnd = () => this.endedHere;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AccountSnapshot => this.snapshot;

  dispatch(action: AccountAction) {
    if (action.type === 'login' || action.type === 'logout') this.endedHere = false;
    const next = accountReducer(this.snapshot, action);
    if (next === this.snapshot) return;
    const was = this.snapshot.account;
    this.snapshot = next;
    // The browser's session is another now (a login, a logout, an ended session, or a page's first look-up after a
    // social login's redirect): the other tabs' account pages check whose session it is (RequireLogin), so none
    // saves into an account it does not show (QA). No more than this here: the check's code is the account area's.
    if ((was.loggedIn && was.UID) !== (next.account.loggedIn && next.account.UID)) tellOtherTabs(0);
    for (const listener of [...this.listeners]) listener();
  }

  /** Subscribes to the provider's events; answers the unsubscribe. */
  connect(): () => void {
    // A login or logout is newer than any look-up still out: its answer describes the account before the event
    // (the first look-up starts with the page, and a /logout page logs out before it answers).
    const offLogin = this.provider.onLogin((event) => {
      this.refreshes++;
      forgetPasswordResetLoginId();
      this.dispatch({ type: 'login', event });
    });
    const offLogout = this.provider.onLogout(() => {
      this.refreshes++;
      this.dispatch({ type: 'logout' });
    });
    return () => {
      offLogin();
      offLogout();
    };
  }

  setRegistration = (regToken: string, partial: RegistrationPartial = {}) => {
    this.dispatch({ type: 'registration', regToken, partial });
  };

  /**
   * The first look-up of the account, once: the app starts it as soon as the provider exists (beside the texts),
   * and IdentityRoot asks for it again on mount, which then waits for the same answer instead of a second request.
   */
  load = (): Promise<void> => (this.firstLookUp ??= this.refresh());

  /**
   * Reads the account again (with the regToken when one is held and nobody is logged in). Any failure, including
   * 403005 and a transport error, logs out in client state (spec 001 §4); `sessionEnded` marks that logout as the
   * end of a session a page was using, and then another account's session is that end too: the browser's session
   * went to an account another tab logged in, and the page, which acts for its own account, goes to the login
   * (spec 000 §6) instead of showing the other one's data. `session` reads the browser's session even where a regToken
   * is held: another tab's word that the session changed is of the session, which the regToken never reads (a /login
   * after a registration whose finalize left its regToken stayed the form after another tab's login, QA 2026-12-01).
   */
  refresh = (options: { sessionEnded?: boolean; session?: boolean } = {}): Promise<void> => this.readAccount(options);

  /**
   * Reads the account again after a change of the shopper's was saved (setAccountInfo answered 0), so every page
   * shows it. The save has just shown the session alive, so a read that gets no answer (a phone's connection that
   * dropped right after the save, QA) is no sign of a logged-out visitor as refresh takes it (spec 001 §4): the
   * account stays logged in with the change merged in as the provider merges it (a page going back to the address
   * card shows the new address, and the next save of the form compares with what is saved), and is read again when
   * React Query would fetch a page's data again (the connection back, the tab shown again). An answer goes the usual
   * way: 403005 logs out.
   */
  refreshAfterSave = (change: SavedChange): Promise<void> =>
    this.readAccount({
      onNoAnswer: () => {
        this.dispatch({ type: 'saved', change });
        this.readAgainLater();
      },
    });

  private readAgainLater() {
    const waiting = this.refreshes;
    let stops: (() => void)[] = [];
    const again = () => {
      for (const stop of stops) stop();
      // A look-up, login or logout since has told the account as it is now.
      if (waiting === this.refreshes) void this.readAccount({ onNoAnswer: () => this.readAgainLater() });
    };
    stops = [onlineManager.subscribe((online) => online && again()), focusManager.subscribe((focused) => focused && again())];
  }

  private async readAccount({ sessionEnded = false, session, onNoAnswer }: { sessionEnded?: boolean; session?: boolean; onNoAnswer?: () => void }): Promise<void> {
    const run = ++this.refreshes;
    const { account } = this.snapshot;
    const regToken = !account.loggedIn && !session ? account.regToken : undefined;
    try {
      const answer = await this.provider.getAccountInfo({
        include: ACCOUNT_INCLUDE,
        extraProfileFields: ACCOUNT_EXTRA_PROFILE_FIELDS,
        ...(regToken ? { regToken } : {}),
      });
      if (run !== this.refreshes) return; // a newer refresh, login or logout wins
      if (isSuccess(answer) && answer.UID && (!sessionEnded || answer.UID === account.UID)) {
        const { UID, profile, data, preferences, subscriptions } = answer;
        this.dispatch({ type: 'refreshed', info: { UID, profile, data, preferences, subscriptions }, viaRegToken: Boolean(regToken) });
      } else {
        // 403005 on the first look-up is the normal "nobody is logged in" (spec 001 §8), and another account's session
        // (errorCode 0) an ended one: no log line for them.
        if (answer.errorCode && !isUnauthorized(answer)) console.warn('identity: getAccountInfo answered', answer.errorCode);
        this.dispatch({ type: 'logout', sessionEnded });
      }
    } catch (error) {
      if (run !== this.refreshes) return;
      if (onNoAnswer) {
        console.warn('identity: getAccountInfo got no answer, the account is read again later', error);
        onNoAnswer();
        return;
      }
      console.error('identity: getAccountInfo failed', error);
      this.dispatch({ type: 'logout', sessionEnded });
    }
  }
}

/**
 * The provider as an app's pages call it. An answer 403005 (no session) to a call of a logged-in shopper means the
 * session ended elsewhere (a logout in another tab, the idle timeout): the account is looked up again, which logs
 * it out in client state, and the page's login guard sends the shopper to the login and back (spec 000 §2) instead
 * of the page showing an unexpected error. The store's own look-ups use the provider itself, so they never loop.
 */
export function watchSession(provider: IdentityProvider, store: AccountStore): IdentityProvider {
  const wrapped = new Map<PropertyKey, unknown>();
  const check = (answer: unknown) => {
    const { account } = store.getSnapshot();
    if (account.loggedIn && !store.expectsSessionEnd() && typeof answer === 'object' && answer !== null && isUnauthorized(answer as Envelope)) {
      void store.refresh({ sessionEnded: true });
    }
  };
  return new Proxy(provider, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      // One wrapper per method, so a page that keeps a method (or lists it in a hook's dependencies) keeps one.
      if (!wrapped.has(key)) {
        wrapped.set(key, (...args: unknown[]) => {
          const result: unknown = value.apply(target, args);
          if (result instanceof Promise) result.then(check, () => undefined);
          return result;
        });
      }
      return wrapped.get(key);
    },
  });
}

/** The channel on which an app's tabs tell each other that the browser's session changed. */
export const SESSION_CHANNEL = 'portal-session';

/**
 * What goes on SESSION_CHANNEL: `0` from the account store, the browser's session changed (a login, a logout, an ended
 * session), and `'logout'` from an app's logout page before it logs out, so that the other tabs take the end of the
 * session that follows for the shopper's own logout, not for a session that expired (the account portal's RequireLogin).
 * `'logoutFailed'` from that page takes its `'logout'` back when the logout failed and the session goes on, so that its
 * later end says that it expired (spec 000; 2026-11-30: after a failed logout the other tabs' login did not say so).
 */
export type SessionChannelMessage = 0 | 'logout' | 'logoutFailed';

/** Posts `message` to the app's other tabs on SESSION_CHANNEL, where the browser has one. */
export function tellOtherTabs(message: SessionChannelMessage) {
  if (typeof BroadcastChannel !== 'function') return;
  // Closed at once, the message still goes: it is on its way to the other tabs' channels as it is posted.
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

function forgetPasswordResetLoginId() {
  try {
    window.localStorage.removeItem(PW_RESET_LOGIN_ID_KEY);
  } catch {
    // storage can be unavailable (private mode); nothing to forget then
  }
}
