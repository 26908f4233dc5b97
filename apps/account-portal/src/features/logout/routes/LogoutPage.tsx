import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isSuccess, tellOtherTabs, useIdentity } from '@portal/identity';
import { Loader, StatusPage } from '@portal/ui';
import { leaveApp } from '../../../shared/leave-app';
import { isSameSitePath, type LogoutState } from '../../../shared/navigation';
import { fetchPartners, isPartnerLogoutAddress, type Partner } from '../../../shared/single-sign-on';

/**
 * Where /logout goes afterwards: the `redirect` parameter when it is a path on this site or exactly an address
 * registered for a partner's logout (never an open redirect), else /login.
 */
export function logoutTarget(redirect: string | null, partners: Partner[] = []): { path: string } | { address: string } {
  if (isSameSitePath(redirect)) return { path: redirect };
  if (redirect && isPartnerLogoutAddress(redirect, partners)) return { address: redirect };
  return { path: '/login' };
}

/**
 * `/logout`: logs out, then goes on (spec 000 §2); a failed logout is only logged (spec 000 §8). After the account's
 * deletion (the account page's LogoutState) it stays, confirming the deletion with the way to the login: outside the
 * account area, whose login check would take the session the deletion ended for one that expired.
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const { provider } = useIdentity();
  const navigate = useNavigate();
  const redirect = useSearchParams()[0].get('redirect');
  const accountDeleted = (useLocation().state as LogoutState | null)?.accountDeleted;
  const [done, setDone] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The partner list is only needed for an address off this site.
    const partners = redirect && !isSameSitePath(redirect) ? fetchPartners() : Promise.resolve([]);
    // The other tabs' account pages go to the login with this logout: told first that it is the shopper's own, their
    // login does not say that the session expired (RequireLogin; QA spec audit, 2026-11-30).
    tellOtherTabs('logout');
    void provider
      .logout()
      .then(
        // An answer with an error code fails as much as a rejection; its code alone is logged, the rest may name
        // the account.
        (answer) => {
          if (!isSuccess(answer)) console.warn('logout failed', answer.errorCode);
        },
        (error: unknown) => console.warn('logout failed', error),
      )
      .then(() => partners)
      .then((list) => {
        if (accountDeleted) return setDone(true);
        const target = logoutTarget(redirect, list);
        if ('address' in target) leaveApp.to(target.address);
        else navigate(target.path, { replace: true });
      });
  }, [provider, navigate, redirect, accountDeleted]);
  if (!done) return <Loader />;
  return (
    <StatusPage
      headline={t('ap.account.deleted')}
      actions={
        <Link className="button" to="/login">
          {t('global.button.login')}
        </Link>
      }
    />
  );
}
