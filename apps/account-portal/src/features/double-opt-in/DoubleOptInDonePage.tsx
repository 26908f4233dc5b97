import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { confirmMailLink, ErrorCode, Links, mailLinkToken, PageParams, Pages, useIdentity } from '@portal/identity';
import { Loader, StatusPage } from '@portal/ui';

/** The fragment key the verification link lands with (services/api identityapi.VerifyFragmentKey). */
const VERIFY_KEY = 'verify';

/**
 * Where the e-mail confirmation link lands (spec 000 §2). The link's GET changes nothing (mail scanners open
 * links): it brings the token in the fragment, and this page confirms it with a POST, then shows the outcome as
 * `?errorCode=`: no code goes home, code 0 is a success, any other code is shown on the error page as `doi-{code}`.
 * The link of an e-mail change adds emailChanged=true to code 0 (PageParams): the success then says that the address
 * was changed and the login is the new one from now on (QA round of 2026-12-01: it said the registration's "Ihre
 * E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden."). The vendor's links give only the code, and get the
 * registration's text. Its text is in the sign-in pages' part, which this page loads.
 */
export function DoubleOptInDonePage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const [params] = useSearchParams();
  const code = params.get('errorCode');
  const emailChanged = params.get(PageParams.doubleOptInDone.emailChanged) === 'true';
  const token = mailLinkToken(hash, VERIFY_KEY);
  if (token) return <ConfirmVerificationLink token={token} />;
  if (code === null || code === '') return <Navigate to="/" replace />;
  if (code !== String(ErrorCode.OK)) return <Navigate to={`${Pages.doubleOptInError}${encodeURIComponent(code)}`} replace />;
  return (
    <StatusPage
      headline={t('global.doubleoptin.success.headline', { defaultValue: 'Vielen Dank für Ihre Bestätigung!' })}
      actions={
        <Link className="button" to="/login">
          {t('global.button.login', { defaultValue: 'Zum Login' })}
        </Link>
      }
    >
      <p>
        {emailChanged
          ? t('clp.login.emailChanged')
          : t('global.doubleoptin.success.message', { defaultValue: 'Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.' })}
      </p>
    </StatusPage>
  );
}

/**
 * Confirms the link, then reads the account again before the outcome shows. The link of an e-mail change ends every
 * session of the account (spec 000 §4: changing login details logs out), this tab's too, while the account state was
 * read as the page loaded, before the confirmation: the tab went on believing the shopper logged in ("Zum Login" showed
 * the account page with the old data, and the first save went to the login saying the session had expired; QA). The
 * read tells the end of the session as a logout (no "session expired" on the login: the shopper ended it), and any
 * other link leaves the account as it is.
 */
function ConfirmVerificationLink({ token }: { token: string }) {
  const navigate = useNavigate();
  const { refresh } = useIdentity();
  useEffect(() => {
    let current = true;
    confirmMailLink(Links.verifyEmail.path, token)
      .then(
        (next) => refresh().then(() => next),
        () => `${Pages.doubleOptInError}network`,
      )
      .then((next) => {
        if (current) void navigate(next, { replace: true });
      });
    return () => {
      current = false;
    };
  }, [navigate, refresh, token]);
  return <Loader />;
}
