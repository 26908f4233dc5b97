import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import {
  isCancelled,
  isPendingRegistration,
  isSocialConflict,
  isSuccess,
  readSocialLoginResult,
  useIdentity,
  type SocialProviderName,
} from '@portal/identity';
import type { FinalizeState } from './navigation';

const PROVIDERS: readonly SocialProviderName[] = ['apple', 'googleplus', 'facebook'];

/** Key under which the social identity to link waits for /social/link-accounts (spec 000 §3). */
export const ACCOUNT_LINKING_REG_TOKEN_KEY = 'accountLinkingRegToken';

/** Buttons for the social logins; the provider's answer comes back as query parameters of this page. */
export function SocialLoginButtons() {
  const { t } = useTranslation();
  const { provider } = useIdentity();
  const { pathname } = useLocation();
  const start = (name: SocialProviderName) => {
    void provider.socialLogin({ provider: name, redirectURL: `${window.location.origin}${pathname}` });
  };
  return (
    <section className="social-login" aria-labelledby="social-login-heading">
      <h2 id="social-login-heading" className="social-login__heading">
        {t('clp.social.heading')}
      </h2>
      <ul className="social-login__buttons">
        {PROVIDERS.map((name) => (
          <li key={name}>
            <button type="button" className="button button--secondary social-login__button" onClick={() => start(name)}>
              {t(`clp.social.${name}`)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LinkAccounts({ regToken }: { regToken: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    try {
      window.localStorage.setItem(ACCOUNT_LINKING_REG_TOKEN_KEY, regToken);
    } catch {
      // without storage the link page asks the customer to log in again
    }
    navigate('/social/link-accounts', { replace: true });
  }, [navigate, regToken]);
  return null;
}

/**
 * What a return from the social provider means (spec 000 §4): 206001 finishes the registration, 403043 links
 * the accounts, a success is picked up by the page's logged-in redirect, a cancel or failure is said here.
 */
export function SocialLoginReturn() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const result = readSocialLoginResult(search);
  if (!result || isSuccess(result)) return null;
  if (isPendingRegistration(result)) {
    const state: FinalizeState = { origin: 'socialLogin', regToken: result.regToken };
    return <Navigate to="/registration/finalize" replace state={state} />;
  }
  if (isSocialConflict(result)) return <LinkAccounts regToken={result.regToken} />;
  return (
    <p className="notice notice--error" role="alert">
      {isCancelled(result) ? t('clp.social.cancelled') : t('clp.error.unexpected', { code: result.errorCode })}
    </p>
  );
}
