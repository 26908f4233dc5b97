import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { confirmMailLink, ErrorCode, Links, mailLinkToken, Pages } from '@portal/identity';
import { Loader, StatusPage } from '@portal/ui';

/** The fragment key the verification link lands with (services/api identityapi.VerifyFragmentKey). */
const VERIFY_KEY = 'verify';

/**
 * Where the e-mail confirmation link lands (spec 000 §2). The link's GET changes nothing (mail scanners open
 * links): it brings the token in the fragment, and this page confirms it with a POST, then shows the outcome as
 * `?errorCode=`: no code goes home, code 0 is a success, any other code is shown on the error page as `doi-{code}`.
 */
export function DoubleOptInDonePage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const code = useSearchParams()[0].get('errorCode');
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
      <p>{t('global.doubleoptin.success.message', { defaultValue: 'Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.' })}</p>
    </StatusPage>
  );
}

function ConfirmVerificationLink({ token }: { token: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    let current = true;
    confirmMailLink(Links.verifyEmail.path, token)
      .catch(() => `${Pages.doubleOptInError}network`)
      .then((next) => {
        if (current) void navigate(next, { replace: true });
      });
    return () => {
      current = false;
    };
  }, [navigate, token]);
  return <Loader />;
}
