import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { isInvalidLogin, isSuccess, readSocialLoginResult, useIdentity } from '@portal/identity';
import { Loader, StatusPage } from '@portal/ui';
import { forgetLinkingRegToken, readLinkingRegToken, useOfferedSocialLogins, useSocialLoginReturn } from '../../../shared/SocialLogin';
import { useConflictingAccount } from '../api/get-conflicting-account';
import { LinkWithPasswordForm } from '../components/LinkWithPasswordForm';
import { IdentityUnavailablePage } from '../../../shared/IdentityUnavailable';
import { lazyNamed } from '../../../shared/load-page';
import type { ResendTarget } from '../../../shared/resend-verification-email';
import type { LinkedUnverifiedState } from '../components/UnverifiedAccountPanel';
import { afterLoginPath } from '../../../shared/single-sign-on';

// What the page shows once it linked an account whose e-mail is not confirmed yet: its code and text load then, not
// with the page, which had 25 bytes left of its 150 KB (2026-11-30).
const UnverifiedAccountPanel = lazyNamed(() => import('../components/UnverifiedAccountPanel'), 'UnverifiedAccountPanel');
// Only an account without a password that has a passkey proves itself with it: the passkey sign-in's code (1.6 KB)
// loads then, not with the page, which had 17 bytes left of its 150 KB (2026-12-01). The page's loader stays until it
// is in, so the page does not show first without its button.
const LinkWithPasskey = lazyNamed(() => import('../components/LinkWithPasskey'), 'LinkWithPasskey');
// Likewise the login with the account's own social provider, for an account without a password: its code loads then,
// as the passkey's does, which took 0.2 KB off the page's first load, more than the history entry's outcome (the
// linked-unverified statement kept for a reload) added to it (2026-12-01).
const LinkWithOwnProvider = lazyNamed(() => import('../components/LinkWithOwnProvider'), 'LinkWithOwnProvider');

/** No social identity waits for linking (no token, or it expired): said plainly, with the way back to the login. */
function NothingToLink() {
  const { t } = useTranslation();
  return (
    <StatusPage
      headline={t('clp.linkaccounts.missing.headline')}
      actions={
        <Link className="button" to="/login">
          {t('global.button.login')}
        </Link>
      }
    >
      <p>{t('clp.linkaccounts.missing.text')}</p>
    </StatusPage>
  );
}

/**
 * Whom the resend panel's mail goes to, as the panel wrote it into the page's history entry once the proof linked an
 * account whose e-mail is not confirmed yet (LinkedUnverifiedState); any other state (another page's, one made up) is
 * none.
 */
function linkedUnverifiedIn(state: unknown): ResendTarget | undefined {
  const { email, regToken }: { email?: unknown; regToken?: unknown } = (state as Partial<LinkedUnverifiedState> | null)?.linkedUnverified ?? {};
  return typeof email == 'string' && email ? { email } : typeof regToken == 'string' && regToken ? { regToken } : undefined;
}

/**
 * `/social/link-accounts` (spec 000 §2 and §4): a social login met an existing account with the same e-mail.
 * Nothing is linked by the e-mail alone: the owner proves the account with its password, or, for an account
 * without one, with a login it already has (OWASP ASVS 6.8.1). Leaving the page drops the waiting identity.
 */
export function LinkAccountsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search, state } = useLocation();
  const { account, ready, provider } = useIdentity();
  const offeredSocialLogins = useOfferedSocialLogins();
  // Read once: the token stays with this visit of the page even when storage is cleared meanwhile.
  const [regToken] = useState(readLinkingRegToken);
  const [expired, setExpired] = useState(false);
  // Whom the mail that confirms the e-mail goes to, once the proof linked an account whose e-mail is not confirmed yet:
  // also after a reload or Back/Forward to this history entry, whose state keeps it (UnverifiedAccountPanel), while the
  // spent token is gone (QA: the page then said that nothing waited for linking, though the identity was linked).
  const [linkedUnverified, setLinkedUnverified] = useState(() => linkedUnverifiedIn(state));
  const conflicting = useConflictingAccount(expired ? undefined : regToken);
  const returned = readSocialLoginResult(search);
  const [socialReaction] = useSocialLoginReturn();
  const linkedByOwnProvider = returned !== undefined && isSuccess(returned);
  // Back from a login with another identity than the account's own: it proved nothing (403042 in link mode).
  const notTheAccounts = returned !== undefined && isInvalidLogin(returned);

  // Leaving the page, whichever way, ends the linking: a token must not wait for a later visitor of this browser.
  // In the app the page's end drops it; a page load elsewhere in the tab does (applyStartupParameters), and the
  // token lives in the tab's own storage, which closing the tab ends. Back then brings this page out of the
  // browser's cache as it was left: with the token gone meanwhile, nothing waits any more.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted && !readLinkingRegToken()) setExpired(true);
    };
    window.addEventListener('pageshow', shown);
    return () => {
      window.removeEventListener('pageshow', shown);
      forgetLinkingRegToken();
    };
  }, []);
  const gone = expired || conflicting.data?.expired === true;
  useEffect(() => {
    if (gone) forgetLinkingRegToken();
  }, [gone]);

  // Without a linking left to do, a logged-in shopper goes on: also one logged in meanwhile who comes back to the entry
  // of a link done for an account whose e-mail was not confirmed yet. One redirect for all (page weight).
  if (linkedByOwnProvider || (ready && account.loggedIn && (linkedUnverified || !regToken || gone))) {
    return <Navigate to={afterLoginPath()} replace />;
  }
  // In place of the form, once it linked an account whose e-mail is not confirmed yet; the page's loader shows while
  // its code and text load. Before the ended token's "nothing waits": the token is spent then, and the page brought
  // back out of the browser's cache counts it expired.
  if (linkedUnverified) {
    return (
      <section className="auth-page">
        <h1>{t('clp.linkaccounts.headline')}</h1>
        <UnverifiedAccountPanel target={linkedUnverified} />
      </section>
    );
  }
  if (!regToken || gone) return <NothingToLink />;
  if (conflicting.isError) return <IdentityUnavailablePage headline={t('clp.linkaccounts.headline')} />;
  if (!conflicting.data || conflicting.data.expired) return <Loader />;

  const { loginID, loginProviders } = conflicting.data.account;
  // Only a social login the deployment still offers can prove the account.
  const ownProviders = offeredSocialLogins.filter((name) => loginProviders.includes(name));
  const ownPasskey = loginProviders.includes('passkey') && provider.passkeyLogin !== undefined;
  // Without a password the account proves itself with its own social login or its passkey; a provider that does
  // not say how the account logs in gets the password form.
  const socialOnly = !loginProviders.includes('site') && (ownProviders.length > 0 || ownPasskey);
  const cancel = () => {
    forgetLinkingRegToken();
    navigate('/login', { replace: true });
  };
  // The proof's answer ended the linking, and its token is spent. With `unverified` the password or passkey proved the
  // account and the service linked the identity at that proof (README), but the account's e-mail is not confirmed yet
  // (206002, or 400006 REGISTRATION_UNVERIFIED): the form stayed, and pressed again said that nothing waited for
  // linking (QA). Its mail goes to the pending account's regToken after a passkey, else to the account's address.
  // Without it the token was no longer valid.
  const linkEnded = (unverified?: { regToken?: string }) => {
    forgetLinkingRegToken();
    if (unverified) setLinkedUnverified(unverified.regToken ? { regToken: unverified.regToken } : { email: loginID });
    else setExpired(true);
  };
  return (
    <section className="auth-page">
      <h1>{t('clp.linkaccounts.headline')}</h1>
      {notTheAccounts ? (
        <p className="notice notice--error" role="alert">
          {t('clp.linkaccounts.social.notOwn')}
        </p>
      ) : (
        socialReaction
      )}
      {socialOnly ? (
        <>
          <p>{t('clp.linkaccounts.social.intro')}</p>
          {ownProviders.length > 0 ? <LinkWithOwnProvider providers={ownProviders} regToken={regToken} /> : null}
          {ownPasskey ? <LinkWithPasskey regToken={regToken} onLinkEnded={linkEnded} /> : null}
        </>
      ) : (
        <>
          <p>{t('clp.linkaccounts.intro')}</p>
          <LinkWithPasswordForm loginID={loginID} regToken={regToken} onLinkEnded={linkEnded} />
        </>
      )}
      <p>
        <button type="button" className="button button--secondary" onClick={cancel}>
          {t('clp.linkaccounts.cancel')}
        </button>
      </p>
    </section>
  );
}
