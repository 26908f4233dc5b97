import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Loader, StatusPage } from '@portal/ui';
import { PARTNER_REQUEST_PARAM, rememberSignInPartner } from '../../../shared/single-sign-on';

interface ConsentRequest {
  partner: { id: string; name: string };
  scopes: string[];
}

/** Where the service shows and takes the shopper's consent for a partner's sign-in. */
const CONSENT_PATH = '/oidc/consent';

/** The page the service sends a sign-in to that it no longer holds (ssoapi.ExpiredSignInPage). */
const EXPIRED_SIGN_IN_PAGE = '/error/sso-expired';

/**
 * `/login/consent`: a partner that is not the retailer's own asks to sign the shopper in; the page names what it
 * receives, and the shopper allows or declines. The decision goes to the service with fetch, which names where
 * the browser goes next (the partner's answer); the page then goes there. A form post whose answer redirected to
 * the partner's origin was stopped by the pages' CSP (form-action 'self'), which Chromium applies to the redirects.
 */
export function ConsentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get(PARTNER_REQUEST_PARAM) ?? '';
  // The partner that asks, for the expired sign-in's way back to it should the request lapse here.
  useState(() => rememberSignInPartner(params));
  const [request, setRequest] = useState<ConsentRequest | 'expired'>();
  const [sending, setSending] = useState(false);
  const decide = async (decision: 'allow' | 'deny') => {
    if (sending) return;
    setSending(true);
    try {
      const response = await fetch(CONSENT_PATH, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id, decision }),
      });
      const answer = response.ok ? ((await response.json()) as { next?: string }) : {};
      if (answer.next) {
        window.location.assign(answer.next);
        return;
      }
    } catch {
      // shown below as the expired request: the sign-in has to start again at the partner
    }
    setRequest('expired');
  };
  useEffect(() => {
    let cancelled = false;
    void fetch(`${CONSENT_PATH}?id=${encodeURIComponent(id)}`, { headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (cancelled) return;
        if (response.status === 401) {
          navigate(`/login?${PARTNER_REQUEST_PARAM}=${encodeURIComponent(id)}`, { replace: true });
          return;
        }
        setRequest(response.ok ? ((await response.json()) as ConsentRequest) : 'expired');
      })
      .catch(() => !cancelled && setRequest('expired'));
    return () => {
      cancelled = true;
    };
  }, [id, navigate]);
  if (!request) return <Loader />;
  // A request the service no longer holds (decided already, Back from the partner, a made-up id) is the service's own
  // expired sign-in: its heading and the way to the login (QA: "Sie werden zurückgeleitet", with nothing to follow).
  if (request === 'expired') return <Navigate to={EXPIRED_SIGN_IN_PAGE} replace />;
  const partner = request.partner.name;
  return (
    <StatusPage headline={t('clp.login.consent.headline', { partner })}>
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
