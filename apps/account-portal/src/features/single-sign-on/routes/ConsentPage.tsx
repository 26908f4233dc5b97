import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useOtherTabs } from '@portal/identity/other-tabs';
import { Loader, StatusPage } from '@portal/ui';
import { leaveApp } from '../../../shared/leave-app';
import type { LoginState } from '../../../shared/navigation';
import { EXPIRED_SIGN_IN_PAGE, PARTNER_REQUEST_PARAM, rememberSignInPartner } from '../../../shared/single-sign-on';

interface ConsentRequest {
  partner: { id: string; name: string };
  scopes: string[];
  /** The account the service asks (its uid): the decision names it, and counts only from that account's session. */
  account: string;
  /** That account's e-mail address, by which the page names it: the partner receives this account's identity. */
  email: string;
}

/** What the service answers for the browser's session: the request, no session (`login`), or no request (`expired`). */
type ConsentAnswer = ConsentRequest | 'login' | 'expired';

/** Where the service shows and takes the shopper's consent for a partner's sign-in. */
const CONSENT_PATH = '/oidc/consent';

/**
 * An address as the page shows it: its domain as people write it (displayEmail, the rule of the service's mails), not
 * the xn-- form the service stores. The rule loads only for an address with such a label (page weight); when it fails
 * to load, the address shows as it is.
 */
function useShownEmail(address: string): string {
  const [shown, setShown] = useState<{ address: string; as: string }>();
  useEffect(() => {
    if (!/[@.]xn--/i.test(address)) return;
    let cancelled = false;
    void import('../../../shared/email-display')
      .then(
        (rule) => rule.displayEmail(address),
        () => address,
      )
      .then((as) => {
        if (!cancelled) setShown({ address, as });
      });
    return () => {
      cancelled = true;
    };
  }, [address]);
  return shown && shown.address === address ? shown.as : address;
}

/** Asks the service what the partner asks of the browser's session; undefined when no answer came. */
async function askConsent(id: string): Promise<ConsentAnswer | undefined> {
  try {
    const response = await fetch(`${CONSENT_PATH}?id=${encodeURIComponent(id)}`, { headers: { Accept: 'application/json' } });
    if (response.status === 401) return 'login';
    return response.ok ? ((await response.json()) as ConsentRequest) : 'expired';
  } catch {
    return undefined;
  }
}

/**
 * `/login/consent`: a partner that is not the retailer's own asks to sign the shopper in; the page names what it
 * receives, and the shopper allows or declines. The decision goes to the service with fetch, which names where
 * the browser goes next (the partner's answer); the page then goes there. A form post whose answer redirected to
 * the partner's origin was stopped by the pages' CSP (form-action 'self'), which Chromium applies to the redirects.
 *
 * The page follows the browser's session, as the account pages do: when another tab says it changed (useOtherTabs),
 * and when the service refuses a decision for it. A session that ended takes the shopper to the login, which says so
 * and then goes on with the sign-in; another account's is asked for its own consent, with a word that the account
 * changed. The page names that account by its address (the service's answer), so the shopper sees whose identity
 * "Erlauben" hands over. The decision names the account the page was shown to, and the service takes it from that
 * account's session only (409 otherwise). QA of 2026-11-30: the page stayed as its shopper logged out and another account logged in in
 * another tab, and "Erlauben" granted the partner that other account; after a logout alone it went to the login
 * without a word.
 */
export function ConsentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get(PARTNER_REQUEST_PARAM) ?? '';
  // The partner that asks, for the expired sign-in's way back to it should the request lapse here.
  useState(() => rememberSignInPartner(params));
  const [request, setRequest] = useState<ConsentRequest | 'expired'>();
  const [accountChanged, setAccountChanged] = useState(false);
  const [sending, setSending] = useState(false);
  const email = useShownEmail(typeof request === 'object' ? request.email : '');
  // The account the page shows the request to, once it shows one.
  const shownTo = useRef<string>(undefined);
  // The login that goes on with this sign-in.
  const loginPath = `/login?${PARTNER_REQUEST_PARAM}=${encodeURIComponent(id)}`;
  const logIn = useCallback(
    (sessionEnded: boolean) => {
      const state: LoginState | undefined = sessionEnded ? { sessionEnded } : undefined;
      navigate(loginPath, { replace: true, state });
    },
    [loginPath, navigate],
  );
  const show = useCallback((asked: ConsentRequest) => {
    setAccountChanged(shownTo.current !== undefined && asked.account !== shownTo.current);
    shownTo.current = asked.account;
    setRequest(asked);
  }, []);
  // The service's answer for the session as it is now, once the page shows a request. No answer (the connection)
  // leaves the page as it is: the decision asks again.
  const askAgain = useCallback(async () => {
    if (shownTo.current === undefined) return;
    const answer = await askConsent(id);
    if (answer === 'login') logIn(true);
    else if (answer === 'expired') setRequest(answer);
    else if (answer) show(answer);
  }, [id, logIn, show]);
  useOtherTabs(askAgain);
  const decide = async (decision: 'allow' | 'deny') => {
    if (sending || typeof request !== 'object') return;
    setSending(true);
    try {
      const response = await fetch(CONSENT_PATH, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id, account: request.account, decision }),
      });
      if (response.status === 401) return logIn(true);
      if (response.status === 409) {
        await askAgain();
        setSending(false);
        return;
      }
      const answer = response.ok ? ((await response.json()) as { next?: string }) : {};
      if (answer.next) {
        leaveApp.to(answer.next);
        return;
      }
    } catch {
      // shown below as the expired request: the sign-in has to start again at the partner
    }
    setRequest('expired');
  };
  useEffect(() => {
    let cancelled = false;
    void askConsent(id).then((answer) => {
      if (cancelled) return;
      if (answer === 'login') logIn(false);
      else if (answer && answer !== 'expired') show(answer);
      else setRequest('expired');
    });
    return () => {
      cancelled = true;
    };
  }, [id, logIn, show]);
  if (!request) return <Loader />;
  // A request the service no longer holds (decided already, Back from the partner, a made-up id) is the service's own
  // expired sign-in: its heading and the way to the login (QA: "Sie werden zurückgeleitet", with nothing to follow).
  if (request === 'expired') return <Navigate to={EXPIRED_SIGN_IN_PAGE} replace />;
  const partner = request.partner.name;
  return (
    <StatusPage headline={t('clp.login.consent.headline', { partner })}>
      {/* Announced as it comes: the page stays, and the decision asked of the account now logged in looks the same
          but for the account it names. That is the account whose identity the partner receives, as the service names
          it now (QA: the page named none, and another tab's login changed nothing on it). Another account is the
          product's logout, which goes on to the login of this sign-in: /login sends a logged-in shopper on. */}
      <div role="status">
        {accountChanged ? <p className="notice">{t('clp.login.consent.accountChanged')}</p> : null}
        <p>
          {t('clp.login.consent.account', { email })}{' '}
          <Link to={`/logout?redirect=${encodeURIComponent(loginPath)}`}>{t('clp.login.consent.otherAccount')}</Link>
        </p>
      </div>
      {/* A partner asking for openid alone receives no data: one sentence says so, where a lead-in over an empty
          list once did (QA round). */}
      {request.scopes.length === 0 ? (
        <p>{t('clp.login.consent.textWithoutData', { partner })}</p>
      ) : (
        <>
          <p>{t('clp.login.consent.text', { partner })}</p>
          <ul>
            {request.scopes.map((scope) => (
              <li key={scope}>{t(`clp.login.consent.scope.${scope}`, { defaultValue: scope })}</li>
            ))}
          </ul>
        </>
      )}
      <div className="consent-form">
        <button type="button" className="button" aria-busy={sending || undefined} onClick={() => void decide('allow')}>
          {t('clp.login.consent.allow')}
        </button>{' '}
        <button type="button" className="button button--secondary" onClick={() => void decide('deny')}>
          {t('clp.login.consent.deny')}
        </button>
      </div>
    </StatusPage>
  );
}
