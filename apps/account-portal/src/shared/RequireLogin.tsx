import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useIdentity } from '@portal/identity';
import { Loader, useRevealed } from '@portal/ui';
import type { LoginState } from './navigation';

/**
 * Account pages need a login; a logged-out visitor goes to /login, which returns here afterwards (spec 000 §2) and,
 * when the session ended under the page, says so.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { account, ready } = useIdentity();
  const location = useLocation();
  if (!useRevealed(ready)) return <Loader />;
  if (!account.loggedIn) {
    const state: LoginState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
      ...(account.sessionEnded ? { sessionEnded: true } : {}),
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}
