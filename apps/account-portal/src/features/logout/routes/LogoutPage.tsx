import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isSuccess, isUnauthorized, tellOtherTabs, useIdentity } from '@portal/identity';
import { Loader, StatusPage } from '@portal/ui';
import { leaveApp } from '../../../shared/leave-app';
import { isSameSitePath, type LogoutState } from '../../../shared/navigation';
import { fetchPartners, isPartnerLogoutAddress, type Partner } from '../../../shared/partners';

/**
 * With it the service's provider asks the shopper before the logout (sso.ConfirmLogoutParam), as it must for a
 * partner's logout that does not show itself to be the shopper's (OpenID Connect RP-Initiated Logout 1.0 §2); its
 * value is the id of the partner that asked, empty when unknown. Kept here, its one reader, rather than in the shared
 * single-sign-on module, which /login loads (page weight).
 */
export const CONFIRM_LOGOUT_PARAM = 'confirm';

/**
 * Where /logout goes afterwards: the `redirect` parameter when it is a path on this site or exactly an address
 * registered for a partner's logout (never an open redirect), else /login.
 */
export function logoutTarget(redirect: string | null, partners: Partner[] = []): { path: string } | { address: string } {
  if (isSameSitePath(redirect)) return { path: redirect };
  if (redirect && isPartnerLogoutAddress(redirect, partners)) return { address: redirect };
  return { path: '/login' };
}

/** What the page shows: the loader while it logs out, the question of a partner's logout, or the account's deletion. */
type Shown = 'leaving' | 'accountDeleted' | { partner: string | undefined; partners: Partner[] };

/**
 * `/logout`: logs out, then goes on (spec 000 §2); a failed logout is only logged (spec 000 §8). After the account's
 * deletion (the account page's LogoutState) it stays, confirming the deletion with the way to the login: outside the
 * account area, whose login check would take the session the deletion ended for one that expired.
 *
 * A partner's logout of the browser's own shopper (its id_token_hint) passes through the page on its way back to the
 * partner, the session ended by the service already: the page's word to the other tabs keeps their login from saying
 * that the session expired (QA, 2026-12-01). One that the service's provider could not tell to be the shopper's comes
 * with CONFIRM_LOGOUT_PARAM: the page asks first (OpenID Connect RP-Initiated Logout 1.0 §2), unless the browser has
 * no session to end. Only a look-up that answers "nobody is logged in" skips the question; one that fails asks.
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const { provider } = useIdentity();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  // The id of the partner that asked ('' when unknown); null for the portal's own logout, which does not ask.
  const asked = params.get(CONFIRM_LOGOUT_PARAM);
  const accountDeleted = (useLocation().state as LogoutState | null)?.accountDeleted;
  const [shown, setShown] = useState<Shown>('leaving');
  const started = useRef(false);
  const logOut = useCallback(
    (partners: Promise<Partner[]> | Partner[]) => {
      // The other tabs' account pages go to the login with this logout: told first that it is the shopper's own, their
      // login does not say that the session expired (RequireLogin; QA spec audit, 2026-11-30).
      tellOtherTabs('logout');
      // What a form kept for after a login goes with the shopper's own logout (KeptDraft's key: imported, its module
      // would bring the account area's code to this page).
      try {
        sessionStorage.removeItem('ap.formDraft');
      } catch {
        // nothing is kept without storage
      }
      void provider
        .logout()
        .then(
          // An answer with an error code fails as much as a rejection; its code alone is logged, the rest may name
          // the account. The session goes on after either, and the other tabs take back the word that the shopper
          // logs out (2026-11-30: its later end went to a login without the expiry notice). 403005 leaves no
          // session: nothing to take back.
          (answer) => {
            if (isSuccess(answer)) return;
            console.warn('logout failed', answer.errorCode);
            if (!isUnauthorized(answer)) tellOtherTabs('logoutFailed');
          },
          (error: unknown) => {
            console.warn('logout failed', error);
            tellOtherTabs('logoutFailed');
          },
        )
        .then(() => partners)
        .then((list) => {
          if (accountDeleted) return setShown('accountDeleted');
          const target = logoutTarget(redirect, list);
          // In this page's place, as it goes to a page of the portal: Back from the partner's page would return to
          // this hand-over, which goes on to the partner again (a partner's own logout passes through it).
          if ('address' in target) leaveApp.replaceWith(target.address);
          else navigate(target.path, { replace: true });
        });
    },
    [provider, navigate, redirect, accountDeleted],
  );
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The partner list is only needed for an address off this site, or for the name of the partner that asks.
    const partners = asked || (redirect && !isSameSitePath(redirect)) ? fetchPartners() : Promise.resolve([]);
    if (asked === null) {
      logOut(partners);
      return;
    }
    void provider
      .getAccountInfo({})
      .catch(() => undefined)
      .then(async (answer) => {
        if (answer && isUnauthorized(answer)) return logOut(partners);
        const list = await partners;
        setShown({ partner: list.find((partner) => partner.id === asked)?.name, partners: list });
      });
  }, [provider, logOut, asked, redirect]);
  if (shown === 'leaving') return <Loader />;
  if (shown === 'accountDeleted') {
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
  return (
    <StatusPage
      headline={t('ap.logout.confirm.headline')}
      actions={
        <>
          <button
            type="button"
            className="button"
            onClick={() => {
              setShown('leaving');
              logOut(shown.partners);
            }}
          >
            {t('ap.logout.confirm.submit')}
          </button>
          {/* Cancel stays logged in, so it goes to the portal's start, not to the partner's address: that address is
              registered for after a logout, and the partner would take the shopper for logged out. It replaces the
              question, which Back would otherwise ask again. */}
          <Link className="button button--secondary" to="/" replace>
            {t('ap.logout.confirm.cancel')}
          </Link>
        </>
      }
    >
      <p>{shown.partner ? t('ap.logout.confirm.text', { partner: shown.partner }) : t('ap.logout.confirm.textWithoutPartner')}</p>
    </StatusPage>
  );
}
