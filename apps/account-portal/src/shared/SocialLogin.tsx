import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { isCancelled, isPendingRegistration, isSocialConflict, readSocialLoginResult, useIdentity, type Envelope, type SocialProviderName } from '@portal/identity';
import { useSite } from '@portal/cms';
import { failureCode } from './call-failure';
import { loginOutcome, type LoginOutcome } from './login-outcome';
import { LoginOutcomeMessage } from './LoginOutcomeMessage';
import { isSameSitePath, returnPath, type FinalizeState } from './navigation';
import { ACCOUNT_LINKING_REG_TOKEN_KEY, returnedSocialRegToken, SOCIAL_LOGIN_RETURN_KEY } from './startup';

/**
 * Keeps the page a social login is started for (session storage, SOCIAL_LOGIN_RETURN_KEY): the provider's redirect
 * loads /login anew, without the navigation state that kept it (spec 000 §2: a protected page's origin is kept).
 * Every start writes it, so a return from the provider reads the page of its own start, and the tab is known as the
 * one whose social login may bring back a regToken (applyStartupParameters).
 */
export function rememberSocialLoginStart(path: string) {
  try {
    window.sessionStorage.setItem(SOCIAL_LOGIN_RETURN_KEY, path);
  } catch {
    // without storage the login goes to the account page
  }
}

/**
 * The page the social login being returned from was started for. Read, not taken: the login page may render
 * more than once (its first render can suspend) before it goes on.
 */
function socialLoginReturn(): string | undefined {
  try {
    const path = window.sessionStorage.getItem(SOCIAL_LOGIN_RETURN_KEY);
    return isSameSitePath(path) ? returnPath({ from: { pathname: path } }) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The social logins the deployment set up (metadata `identity.socialProviders`, in the buttons' order): a button for
 * a provider nobody configured only led to error 500023 (QA).
 */
export function useOfferedSocialLogins(): readonly SocialProviderName[] {
  return useSite().metadata.identity.socialProviders;
}

/**
 * Buttons for the social logins the deployment offers; none offered, no section. With a redirect (embedded
 * provider) the answer comes back as query parameters of this page (useSocialLoginReturn); a provider that answers in
 * the page (the vendor's popup, the fake) resolves with it, and the same reaction follows here.
 */
export function SocialLoginButtons() {
  const { t } = useTranslation();
  const { provider } = useIdentity();
  const { language } = useSite();
  const { pathname, state } = useLocation();
  const offered = useOfferedSocialLogins();
  // The provider's answer, or the code of a call that got none (failureCode).
  const [answer, setAnswer] = useState<Envelope | string>();
  if (offered.length === 0) return null;
  const start = async (name: SocialProviderName) => {
    setAnswer(undefined);
    rememberSocialLoginStart(returnPath(state));
    try {
      setAnswer(await provider.socialLogin({ provider: name, redirectURL: `${window.location.origin}${pathname}`, lang: language }));
    } catch (error) {
      console.error('social login failed', error);
      setAnswer(failureCode(error));
    }
  };
  return (
    <section className="social-login" aria-labelledby="social-login-heading">
      <h2 id="social-login-heading" className="social-login__heading">
        {t('clp.social.heading')}
      </h2>
      <ul className="social-login__buttons">
        {offered.map((name) => (
          <li key={name}>
            <button type="button" className="button button--secondary social-login__button" onClick={() => void start(name)}>
              {t(`clp.social.${name}`)}
            </button>
          </li>
        ))}
      </ul>
      {answer ? <SocialLoginReaction result={answer} /> : null}
    </section>
  );
}

/** The regToken of the social identity waiting on /social/link-accounts, if any. */
export function readLinkingRegToken(): string | undefined {
  try {
    return window.sessionStorage.getItem(ACCOUNT_LINKING_REG_TOKEN_KEY) || undefined;
  } catch {
    return undefined;
  }
}

/** Drops a stored link token: linked, stale (spec 000 §4, 200009), expired, or the shopper left the link page. */
export function forgetLinkingRegToken() {
  try {
    window.sessionStorage.removeItem(ACCOUNT_LINKING_REG_TOKEN_KEY);
  } catch {
    // nothing stored without storage
  }
}

/** Keeps the regToken of the social identity to link and goes to /social/link-accounts (spec 000 §4). */
export function goToLinkAccounts(navigate: NavigateFunction, regToken: string) {
  try {
    window.sessionStorage.setItem(ACCOUNT_LINKING_REG_TOKEN_KEY, regToken);
  } catch {
    // without storage the link page asks the customer to log in again
  }
  void navigate('/social/link-accounts', { replace: true });
}

function LinkAccounts({ regToken }: { regToken: string }) {
  const navigate = useNavigate();
  useEffect(() => goToLinkAccounts(navigate, regToken), [navigate, regToken]);
  return null;
}

/**
 * A return from the social provider (spec 000 §4): what it shows on the page, whether it goes on to another page, and
 * the page its social login was started for. 206001 goes on to finish the registration and 403043 to link the
 * accounts: a page that goes on shows nothing else, for the navigation keeps the page shown until the next one's
 * code and texts are in (a transition), and QA saw the empty login form meanwhile, as if the social login had failed.
 * 206002 asks to confirm the address by mail, a success is picked up by the page's logged-in redirect, a cancel or
 * failure is said on the page.
 */
export function useSocialLoginReturn(): [reaction?: ReactNode, goesOn?: boolean, startedFor?: string] {
  const result = readSocialLoginResult(useLocation().search);
  if (!result) return [];
  // The regToken is never read from the address: start-up took it out, for this tab's own social login only.
  const answer = { ...result, regToken: returnedSocialRegToken() };
  return [<SocialLoginReaction result={answer} />, isPendingRegistration(answer) || isSocialConflict(answer), socialLoginReturn()];
}

/**
 * What a social login's answer leads to; a success is picked up by the page's logged-in redirect. Any other answer
 * is said in the words a password login's would be (spec 000 §8: a blocked or locked account, QA: 403041 showed as
 * an unexpected error with its code).
 */
function SocialLoginReaction({ result }: { result: Envelope | string }) {
  const { t } = useTranslation();
  const outcome: LoginOutcome = typeof result === 'string' ? { kind: 'unexpected', code: result } : loginOutcome(result);
  if (outcome.kind === 'loggedIn') return null;
  if (outcome.kind === 'finalize') {
    const state: FinalizeState = { origin: 'socialLogin', regToken: outcome.regToken };
    return <Navigate to="/registration/finalize" replace state={state} />;
  }
  if (outcome.kind === 'linkAccounts') return <LinkAccounts regToken={outcome.regToken} />;
  // An address the provider did not confirm: our own mail has to confirm it first (and says nothing here about
  // whether the address already has an account).
  if (outcome.kind === 'unverified') {
    return (
      <p className="notice" role="status">
        {t('clp.social.unconfirmedEmail')}
      </p>
    );
  }
  return (
    <div className="form-error" role="alert">
      {typeof result !== 'string' && isCancelled(result) ? <p className="form-error__text">{t('clp.social.cancelled')}</p> : <LoginOutcomeMessage outcome={outcome} />}
    </div>
  );
}
