import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useIdentity } from '@portal/identity';
import type { LoginState } from './navigation';
import { afterLoginPath } from './single-sign-on';

export { ssoSessionType, type SsoSessionType } from './single-sign-on';

/** Spec 000 §9: the wait after a registration (and after finishing one) before the redirect. */
export const POST_REGISTRATION_WAIT_MS = 3000;

/**
 * Spec 000 §4. WAITING_AFTER_REGISTRATION while the confirmation's timer runs; WAITING_FOR_CUSTOMER once the
 * customer may be sent on; the two IN_PROGRESS states while the redirect page sends the customer to the login
 * or to the partner.
 */
export type RedirectState =
  | 'WAITING_FOR_CUSTOMER'
  | 'WAITING_AFTER_REGISTRATION'
  | 'GIGYA_REDIRECT_TO_LOGIN_IN_PROGRESS'
  | 'GIGYA_REDIRECT_TO_SERVICE_PARTNER_IN_PROGRESS';

/** Where the customer goes once the state is WAITING_FOR_CUSTOMER: the redirect page with single sign-on, else home. */
export function redirectTarget(state: RedirectState = 'WAITING_FOR_CUSTOMER'): string | undefined {
  if (state !== 'WAITING_FOR_CUSTOMER') return undefined;
  return afterLoginPath();
}

/**
 * The confirmation and update-confirmation timer: the state is WAITING_AFTER_REGISTRATION for the wait of spec
 * 000 §9, then WAITING_FOR_CUSTOMER, which navigates on (to the partner's hand-over, or home). Home sends a visitor
 * who is not logged in on to the login: such a visitor goes there at once, with `loggedOut` for the login to say.
 * The redirect page sends such a visitor on to the login as well (GIGYA_REDIRECT_TO_LOGIN_IN_PROGRESS), and hands
 * `loggedOut` on to it: without it, a registration from a partner's sign-in ended on a login that no longer said
 * to confirm the address (QA sign-in journeys audit, 2026-11-30).
 */
export function useRedirectAfterTimer(waitMs: number = POST_REGISTRATION_WAIT_MS, loggedOut?: LoginState): RedirectState {
  const navigate = useNavigate();
  const { account } = useIdentity();
  const [state, setState] = useState<RedirectState>('WAITING_AFTER_REGISTRATION');
  useEffect(() => {
    const timer = window.setTimeout(() => setState('WAITING_FOR_CUSTOMER'), waitMs);
    return () => window.clearTimeout(timer);
  }, [waitMs]);
  useEffect(() => {
    const target = redirectTarget(state);
    if (target === '/' && !account.loggedIn) navigate('/login', { replace: true, state: loggedOut });
    else if (target) navigate(target, { replace: true, state: account.loggedIn ? undefined : loggedOut });
  }, [navigate, state, account.loggedIn, loggedOut]);
  return state;
}
