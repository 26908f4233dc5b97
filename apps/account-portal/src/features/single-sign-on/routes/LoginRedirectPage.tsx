import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useIdentity } from '@portal/identity';
import { StatusPage } from '@portal/ui';
import type { RedirectState } from '../../../shared/redirect-timer';
import { partnerContinueURL, ssoSessionType, takePartnerToken } from '../../../shared/single-sign-on';

/** Leaves the app for an address of the service (tests replace it). */
export const leaveApp = { to: (url: string) => window.location.replace(url) };

/**
 * `/login/redirect?mode=afterConsent&skipConsent=true` (spec 000 §2): says that the shopper is being sent back to
 * the partner service while the redirect runs. A logged-in shopper with a partner's sign-in waiting goes on to
 * the partner (GIGYA_REDIRECT_TO_SERVICE_PARTNER_IN_PROGRESS); one not logged in goes to the login first
 * (GIGYA_REDIRECT_TO_LOGIN_IN_PROGRESS), the partner token staying; without single sign-on, home.
 */
export function LoginRedirectPage() {
  const { t } = useTranslation();
  const { account, ready } = useIdentity();
  const navigate = useNavigate();
  const [state, setState] = useState<RedirectState>('WAITING_FOR_CUSTOMER');
  const started = useRef(false);
  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    const type = ssoSessionType();
    if (type === 'NONE') {
      navigate('/', { replace: true });
      return;
    }
    if (!account.loggedIn) {
      setState('GIGYA_REDIRECT_TO_LOGIN_IN_PROGRESS');
      navigate('/login', { replace: true });
      return;
    }
    const token = type === 'OIDC' ? takePartnerToken() : undefined;
    if (!token) {
      navigate('/', { replace: true });
      return;
    }
    setState('GIGYA_REDIRECT_TO_SERVICE_PARTNER_IN_PROGRESS');
    leaveApp.to(partnerContinueURL(token));
  }, [ready, account.loggedIn, navigate]);
  return (
    <StatusPage headline={t('clp.login.redirect.headline')}>
      <p role="status" data-redirect-state={state}>
        {t('clp.login.redirect.text')}
      </p>
    </StatusPage>
  );
}
