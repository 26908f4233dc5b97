import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { IdentityProvider } from '../types';
import { AccountStore, watchSession, type AccountState, type RegistrationPartial, type SavedChange } from './account-store';

interface IdentityContextValue {
  /** The provider the root was given. */
  provider: IdentityProvider;
  /** The same, as the pages call it (watchSession). */
  watched: IdentityProvider;
  store: AccountStore;
}

function contextValue(provider: IdentityProvider, store: AccountStore): IdentityContextValue {
  return { provider, watched: watchSession(provider, store), store };
}

const IdentityContext = createContext<IdentityContextValue | null>(null);

export interface IdentityRootProps {
  provider: IdentityProvider;
  /** The account state of this provider, when it was made (and its look-up started) ahead of this root. */
  store?: AccountStore;
  /** Look the account up once on mount (default true); `ready` turns true when it has answered. */
  initialRefresh?: boolean;
  children?: ReactNode;
}

/** Holds the account state of the app for the given provider and keeps it in step with its login/logout events. */
export function IdentityRoot({ provider, store: given, initialRefresh = true, children }: IdentityRootProps) {
  const [value, setValue] = useState(() => contextValue(provider, given ?? new AccountStore(provider)));
  // A new provider instance gets a new store (state derived from props during render, not in an effect).
  if (value.provider !== provider || (given && value.store !== given)) setValue(contextValue(provider, given ?? new AccountStore(provider)));
  const { store } = value;

  useEffect(() => store.connect(), [store]);
  useEffect(() => {
    if (initialRefresh) void store.load();
    else store.dispatch({ type: 'ready' });
  }, [store, initialRefresh]);

  return <IdentityContext.Provider value={value}>{children}</IdentityContext.Provider>;
}

export interface UseIdentity {
  provider: IdentityProvider;
  account: AccountState;
  ready: boolean;
  /**
   * getAccountInfo again; a failure logs out in client state. `sessionEnded`: the page's session may have ended, and
   * the logout says so; another account's session ends it too. `session`: the session's account, even where a
   * registration's regToken is held.
   */
  refresh: (options?: { sessionEnded?: boolean; session?: boolean }) => Promise<void>;
  /** getAccountInfo again after the shopper's change was saved; without an answer the change is held and read later. */
  refreshAfterSave: (change: SavedChange) => Promise<void>;
  /** Keeps the regToken (and what is known) of a registration in progress. */
  setRegistration: (regToken: string, partial?: RegistrationPartial) => void;
  /** The page's own call ended the session and the page logs out itself: 403005 is expected until then. */
  sessionEndedHere: () => void;
}

/** The provider and the account state; only inside IdentityRoot. */
export function useIdentity(): UseIdentity {
  const value = useContext(IdentityContext);
  if (!value) throw new Error('useIdentity must be used inside <IdentityRoot>');
  const { watched, store } = value;
  const { account, ready } = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return {
    provider: watched,
    account,
    ready,
    refresh: store.refresh,
    refreshAfterSave: store.refreshAfterSave,
    setRegistration: store.setRegistration,
    sessionEndedHere: store.sessionEndedHere,
  };
}
