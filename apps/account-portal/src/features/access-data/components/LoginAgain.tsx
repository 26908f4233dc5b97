import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdentity } from '@portal/identity';

/**
 * What adds a way in (a passkey, a first password) needs a login of the last minutes (RECENT_LOGIN_REQUIRED); an
 * account without a password cannot confirm one, so it logs in again. The logout hands the page's login guard over
 * to /login, which returns here afterwards. It takes the place of the form the shopper used: the focus moves to
 * its button (WCAG 2.4.3), which the text describes: the focus arriving reads why, not only "Log in again" (WCAG 4.1.3).
 */
export function LoginAgain() {
  const { t } = useTranslation();
  const { provider } = useIdentity();
  const button = useRef<HTMLButtonElement>(null);
  const introId = useId();
  useEffect(() => button.current?.focus(), []);
  return (
    <div className="form">
      <p id={introId}>{t('ap.accessdata.loginAgain.intro')}</p>
      <button ref={button} type="button" className="button" aria-describedby={introId} onClick={() => void provider.logout()}>
        {t('ap.accessdata.loginAgain')}
      </button>
    </div>
  );
}
