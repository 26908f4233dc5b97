import { use, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ErrorCode, useIdentity } from '@portal/identity';
import { addMessages } from '@portal/i18n';
import { ErrorMessage } from '@portal/ui';
import type { LoginState } from '../../shared/navigation';
import { fetchPartners, type Partner } from '../../shared/partners';
import { SIGN_IN_PARTNER_KEY } from '../../shared/single-sign-on';
import { loadEmailInUseMessages } from './email-in-use-texts';

/** Expired confirmation links can only be fixed by registering again; every other error by logging in. */
const codesOfferingRegistration = new Set([`doi-${ErrorCode.ACTIVATION_EXPIRED}`]);

/** The code of the page the service sends a partner's sign-in to that it no longer holds (ssoapi.ExpiredSignInPage). */
const EXPIRED_SIGN_IN = 'sso-expired';

/**
 * The service's pages of a partner's sign-in or logout that it cannot carry out (ssoapi.ExpiredSignInPage,
 * InvalidSignInPage, InvalidLogoutPage). They reach a shopper who is logged in as often as one who is not, so their
 * way on fits the session: the start page, or the login. The login sends a logged-in shopper home anyway, without a
 * word, and the logout's page asks that shopper to log out in the customer account (QA).
 */
const SIGN_ON_PAGES = new Set([EXPIRED_SIGN_IN, 'sso-invalid', 'sso-logout-invalid']);

/**
 * The code of the page an e-mail change's link lands on when another account or registration took the new address
 * before it was followed (identityapi.InUseEmailChangePage). Its way on is another address: the login data page, and
 * for a shopper who is not logged in the login, which goes on to it (QA: the page said only "Fehlercode: doi-400003").
 * Its texts load with it (loadEmailInUseMessages).
 */
const EMAIL_IN_USE = 'email-change-in-use';
const toAccessData: LoginState = { from: { pathname: '/accessdata', search: '', hash: '' } };

/**
 * The registered partner with a start page that this tab's last sign-in was for (SIGN_IN_PARTNER_KEY): there the
 * shopper starts an expired sign-in again. The remembered id only picks among the registered partners, so one that
 * names none, or none with a start page, links nowhere (never an open redirect).
 */
function useSignInPartner(expiredSignIn: boolean): Partner | undefined {
  const [partner, setPartner] = useState<Partner>();
  useEffect(() => {
    let id: string | null = null;
    try {
      id = expiredSignIn ? window.sessionStorage.getItem(SIGN_IN_PARTNER_KEY) : null;
    } catch {
      // storage unavailable: no partner known
    }
    if (!id) return;
    let cancelled = false;
    void fetchPartners().then((partners) => {
      if (!cancelled) setPartner(partners.find((candidate) => candidate.id === id && candidate.homeUrl));
    });
    return () => {
      cancelled = true;
    };
  }, [expiredSignIn]);
  // The page stays as the router moves on to another error's code: that one names no partner.
  return expiredSignIn ? partner : undefined;
}

/**
 * `/error/{errorCode}` (spec 000 §2 and §8). An expired partner sign-in (spec 000 §1: the shopper returns to the
 * originating site) leads back to the partner it was for, when known. The single sign-on pages' other way fits the
 * session (SIGN_ON_PAGES; QA journeys round, 2026-11-30: "Zum Login" was the expired sign-in's only way, and led home).
 */
export function ErrorPage() {
  const { t, i18n } = useTranslation();
  const { account } = useIdentity();
  const code = useParams().errorCode ?? 'unknown';
  const inUse = code === EMAIL_IN_USE;
  if (inUse) use(addMessages(i18n, loadEmailInUseMessages));
  const expiredSignIn = code === EXPIRED_SIGN_IN;
  const partner = useSignInPartner(expiredSignIn);
  const className = partner ? 'button button--secondary' : 'button';
  const action = inUse && account.loggedIn ? (
    <Link className="button" to="/accessdata">
      {t('global.errors.email-change-in-use.button')}
    </Link>
  ) : codesOfferingRegistration.has(code) ? (
    <Link className="button" to="/registration">
      {t('global.button.register', { defaultValue: 'Jetzt registrieren' })}
    </Link>
  ) : SIGN_ON_PAGES.has(code) && account.loggedIn ? (
    <Link className={className} to="/">
      {t('global.button.home', { defaultValue: 'Zur Startseite' })}
    </Link>
  ) : (
    <Link className={className} to="/login" state={inUse ? toAccessData : undefined}>
      {t('global.button.login', { defaultValue: 'Zum Login' })}
    </Link>
  );
  return (
    <ErrorMessage
      code={code}
      actions={
        partner ? (
          <>
            <a className="button" href={partner.homeUrl}>
              {t('clp.login.expired.backToPartner', { partner: partner.name })}
            </a>
            {action}
          </>
        ) : (
          action
        )
      }
    />
  );
}
