import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSite } from '@portal/cms';
import { loadCdcProvider, useIdentity } from '@portal/identity';
import { StatusPage } from '@portal/ui';
import { leaveApp } from '../../../shared/leave-app';
import type { RedirectState } from '../../../shared/redirect-timer';
import { partnerContinueURL, partnerSignInWaiting, REDIRECT_PAGE, ssoSessionType, takePartnerToken } from '../../../shared/single-sign-on';

/** What the redirect page does, and the redirect state it is in meanwhile. */
interface HandOver {
  state: RedirectState;
  go: 'home' | 'login' | 'partner' | 'vendorScript';
}

/**
 * Spec 000 §4: a logged-in shopper with a partner's sign-in waiting goes on to the partner
 * (GIGYA_REDIRECT_TO_SERVICE_PARTNER_IN_PROGRESS); one not logged in goes to the login first
 * (GIGYA_REDIRECT_TO_LOGIN_IN_PROGRESS), the partner token staying; without single sign-on, home. With SAP Customer
 * Data Cloud as the partners' provider (identity provider cdc and an sso api key) the page is the vendor's OIDC
 * proxy page: the vendor's OIDC script, loaded with the api key, drives the redirects.
 */
function planHandOver(loggedIn: boolean, vendorSso: boolean): HandOver {
  const onward: RedirectState = loggedIn ? 'GIGYA_REDIRECT_TO_SERVICE_PARTNER_IN_PROGRESS' : 'GIGYA_REDIRECT_TO_LOGIN_IN_PROGRESS';
  if (vendorSso) return { state: onward, go: 'vendorScript' };
  const type = ssoSessionType();
  // Home needs a login: a visitor who is not logged in goes straight to the login, where home would send them.
  if (type === 'NONE') return { state: 'WAITING_FOR_CUSTOMER', go: loggedIn ? 'home' : 'login' };
  if (!loggedIn) return { state: onward, go: 'login' };
  if (type === 'OIDC' && partnerSignInWaiting()) return { state: onward, go: 'partner' };
  return { state: 'WAITING_FOR_CUSTOMER', go: 'home' };
}

/**
 * `/login/redirect?mode=afterConsent&skipConsent=true` (spec 000 §2): says that the shopper is being sent back to
 * the partner service while the single-sign-on redirect runs.
 */
export function LoginRedirectPage() {
  const { t, i18n } = useTranslation();
  const { account, ready } = useIdentity();
  const { metadata } = useSite();
  const navigate = useNavigate();
  const { state } = useLocation();
  const vendorSso = metadata.identity.provider === 'cdc' && Boolean(metadata.sso.apiKey);
  const plan = useMemo(() => (ready ? planHandOver(account.loggedIn, vendorSso) : undefined), [ready, account.loggedIn, vendorSso]);
  const started = useRef(false);
  useEffect(() => {
    if (!plan || started.current) return;
    started.current = true;
    switch (plan.go) {
      case 'home':
        navigate('/', { replace: true });
        return;
      case 'login':
        // What the page before had for the login to say (a registration's confirmation: its address to confirm).
        navigate('/login', { replace: true, state });
        return;
      case 'partner': {
        const token = takePartnerToken();
        if (token) leaveApp.replaceWith(partnerContinueURL(token));
        else navigate('/', { replace: true });
        return;
      }
      case 'vendorScript':
        void loadCdcProvider()
          .then(({ loadCdcOidcScript }) =>
            loadCdcOidcScript({
              apiKey: metadata.sso.apiKey,
              dataCenter: metadata.identity.cdc?.dataCenter || undefined,
              language: i18n.language,
              loginURL: '/login',
              consentURL: REDIRECT_PAGE,
              errorURL: '/error/oidc',
            }),
          )
          .catch((error: unknown) => {
            console.warn('single sign-on script', error);
            navigate('/', { replace: true });
          });
    }
  }, [plan, navigate, state, metadata, i18n.language]);
  return (
    <StatusPage headline={t('clp.login.redirect.headline')}>
      <p role="status" data-redirect-state={plan?.state ?? 'WAITING_FOR_CUSTOMER'}>
        {t('clp.login.redirect.text')}
      </p>
    </StatusPage>
  );
}
