import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Spec 000 §9: the wait after a registration (and after finishing one) before the redirect. */
export const POST_REGISTRATION_WAIT_MS = 3000;

export type SsoSessionType = 'WebSDKSSo' | 'OIDC' | 'NONE';
export type RedirectState =
  | 'WAITING_FOR_CUSTOMER'
  | 'WAITING_AFTER_REGISTRATION'
  | 'GIGYA_REDIRECT_TO_LOGIN_IN_PROGRESS'
  | 'GIGYA_REDIRECT_TO_SERVICE_PARTNER_IN_PROGRESS';

interface StoredToken {
  token?: string;
  expires?: number;
}

function readToken(key: string): StoredToken | undefined {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as StoredToken) : undefined;
  } catch {
    return undefined;
  }
}

/** Spec 000 §4: WebSDKSSo with an sso token in the URL or storage, OIDC with a live partner token, else NONE. */
export function ssoSessionType(search: string = window.location.search, now: number = Date.now()): SsoSessionType {
  if (new URLSearchParams(search).get('ssoToken') || readToken('ssoToken')?.token) return 'WebSDKSSo';
  const partner = readToken('oidcServicePartner');
  if (partner?.token && (partner.expires === undefined || partner.expires > now)) return 'OIDC';
  return 'NONE';
}

/** The redirect state once the customer has nothing left to do: waiting for the customer to be sent on. */
export function redirectState(): RedirectState {
  return 'WAITING_FOR_CUSTOMER';
}

/** Where the post-registration timer leads: the single-sign-on redirect page, or home without single sign-on. */
export function redirectTarget(): string {
  return ssoSessionType() !== 'NONE' && redirectState() === 'WAITING_FOR_CUSTOMER' ? '/login/redirect' : '/';
}

/** After the wait of spec 000 §9, navigates to where the customer goes next. */
export function useRedirectAfterTimer(waitMs: number = POST_REGISTRATION_WAIT_MS) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(redirectTarget(), { replace: true }), waitMs);
    return () => window.clearTimeout(timer);
  }, [navigate, waitMs]);
}
