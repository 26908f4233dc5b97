import { useTranslation } from 'react-i18next';
import { use, useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useIdentity } from '@portal/identity';
import { useOtherTabs } from '@portal/identity/other-tabs';
import { addPageTexts } from '../../../app/page-texts';
import { AuthTabs } from '../../../shared/AuthTabs';
import { returnPath, type LoginState } from '../../../shared/navigation';
import { afterLoginPath, LOGIN_AGAIN_PARAM, rememberHandOver } from '../../../shared/single-sign-on';
import { Passwordless } from '../../../shared/Passwordless';
import { SocialLoginButtons, useSocialLoginReturn } from '../../../shared/SocialLogin';
import { useOwnIdLogin } from '../api/ownid-login';
import { usePasskeyLogin } from '../api/passkey-login';
import { LoginForm } from '../components/LoginForm';
import { PasskeyLogin } from '../components/PasskeyLogin';

/**
 * `/login` (spec 000 §2): a logged-in visitor goes on to where the login was asked for, else to `/`; with a
 * partner's sign-in waiting (single sign-on), to the redirect page that hands the shopper back to the partner.
 * A partner that asks a logged-in shopper to log in again (`prompt=login`) gets the form, and the shopper goes on
 * once that login is done.
 *
 * The same when another tab logs in while the page is open: the account is read again when a tab says that the
 * browser's session changed (useOtherTabs), and the redirect follows. QA, 2026-11-30: a /login left open stayed
 * the form after another tab's login, and its own login as another account then sent that tab's account page, with
 * what the shopper had typed, to the login.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const { account, ready, provider, refresh } = useIdentity();
  const location = useLocation();
  const loginAgain = new URLSearchParams(location.search).get(LOGIN_AGAIN_PARAM) === 'login';
  const [loggedInAgain, setLoggedInAgain] = useState(false);
  useEffect(() => (loginAgain ? provider.onLogin(() => setLoggedInAgain(true)) : undefined), [loginAgain, provider]);
  // Only at the account store's word that the session changed: a /logout says 'logout' before it logs out, and a
  // read then could still find the session that is ending. The session's account, not that of the regToken a
  // registration's finalize left with the tab: the login it ends on stayed the form after another tab's login (QA).
  useOtherTabs(useCallback(() => refresh({ session: true }), [refresh]));
  const ownId = useOwnIdLogin();
  const passkey = usePasskeyLogin();
  // Once per visit of the page: keep what a partner handed over before deciding where a logged-in visitor goes.
  useState(() => rememberHandOver(location.search));
  // Back from a social provider, the page the login was asked for comes from storage: the redirect lost the state.
  const [socialReaction, socialGoesOn, socialReturn] = useSocialLoginReturn();
  if (ready && account.loggedIn && (!loginAgain || loggedInAgain)) {
    // The address still names a partner's sign-in request whose record expired while the page stood open.
    return <Navigate to={afterLoginPath(socialReturn ?? returnPath(location.state), location.search)} replace />;
  }
  if (socialGoesOn) return socialReaction;
  const state = location.state as LoginState | null;
  // What the page arrived with (a partner's request, a session that ended, a changed password, a registration to
  // confirm): its text, whose key is its element's id too, and its kind. It is read with the heading, which the focus
  // moves to (usePageAnnouncement): a status region that comes with the page, filled already, is often not announced
  // (QA). Not a live region too, which a screen reader that does announce it would read twice.
  const notices = (
    [
      [loginAgain, 'clp.login.again'],
      [state?.sessionEnded, 'clp.login.sessionEnded'],
      [state?.passwordChanged, 'clp.login.passwordChanged', ' notice--success'],
      [state?.registered, 'clp.registration.confirmation.text'],
    ] satisfies [unknown, string, string?][]
  ).filter(([shown]) => shown);
  // The history state outlives a reload, which loads /login afresh without the texts of the pages after the first
  // (the page it came from had them in): a notice whose text is among those, the changed password's and the
  // registration's, waits for them with the page (as PageTexts does), so the heading is read with it. QA of
  // 2026-11-30: after F5 they read `clp.login.passwordChanged` and `clp.registration.confirmation.text`.
  if (notices.some(([, text]) => !i18n.exists(text))) addPageTexts(i18n).forEach(use);
  return (
    <section className="auth-page">
      <h1 aria-describedby={notices.map(([, text]) => text).join(' ') || undefined}>{t('clp.login.headline')}</h1>
      <AuthTabs current="login" />
      {notices.map(([, text, kind = '']) => (
        <p key={text} id={text} className={`notice${kind}`}>
          {t(text)}
        </p>
      ))}
      {socialReaction}
      <LoginForm passkey={passkey} />
      <Passwordless kind="login" passkeys={<PasskeyLogin passkey={passkey} />} ownId={ownId} />
      <SocialLoginButtons />
    </section>
  );
}
