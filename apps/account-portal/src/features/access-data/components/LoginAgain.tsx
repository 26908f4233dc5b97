import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdentity } from '@portal/identity';

/** What the shopper asked for when the login was too old: adding a passkey (with the name typed), removing one, a first password. */
export type AskedAction = { kind: 'add'; name: string } | { kind: 'remove'; id: string } | { kind: 'password' };

// For this tab alone, with the account it was asked for and when. Never a password: a first password's values are
// typed again after the login.
const ASKED_KEY = 'ap.loginAgain';
/** Long enough to log in again; a later visit of the page does not do what was asked long before. */
const ASKED_KEEP_MS = 5 * 60_000;

/** The action the account `uid` asked for in this tab before logging in again, if it was asked for in the last minutes. */
export function askedAfterLogin(uid: string | undefined): AskedAction | undefined {
  try {
    // Nothing stored has no time: too old.
    const { by, at = 0, ...asked } = JSON.parse(sessionStorage.getItem(ASKED_KEY) || '{}') as AskedAction & { by?: string; at?: number };
    return by === uid && Date.now() - at < ASKED_KEEP_MS ? asked : undefined;
  } catch {
    return undefined;
  }
}

/** Drops the action asked for: done, or not this account's or too old to do now. */
export function forgetAsked() {
  try {
    sessionStorage.removeItem(ASKED_KEY);
  } catch {
    // nothing stored without storage
  }
}

/**
 * What adds a way in (a passkey, a first password) or removes a passkey needs a login of the last minutes
 * (RECENT_LOGIN_REQUIRED); an account without a password cannot confirm one, so it logs in again. The logout hands the
 * page's login guard over to /login, which returns here afterwards, where the sections go on with `asked` (QA,
 * 2026-11-30: the shopper came back to the page as it was, nothing done). It takes the place of the form the shopper
 * used: the focus moves to its button (WCAG 2.4.3), which the text describes: the focus arriving reads why, not only
 * "Log in again" (WCAG 4.1.3).
 */
export function LoginAgain({ asked }: { asked: AskedAction }) {
  const { t } = useTranslation();
  const { provider, account } = useIdentity();
  const button = useRef<HTMLButtonElement>(null);
  const introId = useId();
  useEffect(() => button.current?.focus(), []);
  const logInAgain = () => {
    try {
      sessionStorage.setItem(ASKED_KEY, JSON.stringify({ ...asked, by: account.UID, at: Date.now() }));
    } catch {
      // without storage the shopper comes back to the page and asks again
    }
    void provider.logout();
  };
  return (
    <div className="form">
      <p id={introId}>{t('ap.accessdata.loginAgain.intro')}</p>
      <button ref={button} type="button" className="button" aria-describedby={introId} onClick={logInAgain}>
        {t('ap.accessdata.loginAgain')}
      </button>
    </div>
  );
}
