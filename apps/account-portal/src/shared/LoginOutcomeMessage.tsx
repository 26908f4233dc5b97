import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { translateMessage } from '@portal/forms';
import { PageTexts } from '../app/page-texts';
import { unexpectedMessage } from './call-failure';
import type { LoginOutcome } from './login-outcome';

/**
 * The text of a refused login (spec 000 §8), the same wherever a password is checked: the login form and the
 * link-accounts page. 403042/403005 come with the forgot-password hint, 403120 with its link.
 */
export function LoginOutcomeMessage({ outcome }: { outcome: LoginOutcome }) {
  const { t } = useTranslation();
  const forgotPassword = <Link to="/login/reset-password/start">{t('clp.login.forgotPassword')}</Link>;
  switch (outcome.kind) {
    case 'invalidCredentials':
      return (
        <>
          <p className="form-error__text">{t('clp.login.error.invalidCredentials')}</p>
          <p>
            {t('clp.login.error.invalidCredentials.hint')} {forgotPassword}
          </p>
        </>
      );
    case 'unknownUser':
      // The spec's text is the reset page's, among the texts of the pages after the first: a rare answer loads them
      // when it comes rather than with every /login (page weight). Meanwhile the alert stays empty; without a
      // boundary of its own the page's loader would stand in for the form.
      return <PageTextsMessage textKey="clp.resetpassword.error.unknownEmail" />;
    case 'blocked':
      return <p className="form-error__text">{t('clp.login.error.blocked')}</p>;
    case 'lockedOut':
      // Spec 000 §8 names the lock, not how long it lasts, which is the provider's setting: the text says "later". A
      // password reset lifts it (the embedded provider's reset clears the failed logins), so it is offered as on 403042.
      return (
        <>
          <p className="form-error__text">{t('clp.login.error.lockedOut')}</p>
          <p>{forgotPassword}</p>
        </>
      );
    case 'notActivated':
      return <p className="form-error__text">{t('clp.login.error.notActivated')}</p>;
    case 'customError':
      return <p className="form-error__text">{t('clp.login.customError.unknown')}</p>;
    case 'invalidForm':
      return <p className="form-error__text">{t('clp.form.error.validation')}</p>;
    case 'unexpected':
      return <p className="form-error__text">{translateMessage(t, unexpectedMessage(outcome.code))}</p>;
    default:
      return null;
  }
}

/**
 * A refusal's text that is among the texts of the pages after the first (`textKey`), which /login loads only when such
 * an answer comes: the alert stays empty until they are there, translated then.
 */
export function PageTextsMessage({ textKey }: { textKey: string }) {
  return (
    <Suspense fallback={null}>
      <PageTexts>
        <Translated textKey={textKey} />
      </PageTexts>
    </Suspense>
  );
}

function Translated({ textKey }: { textKey: string }) {
  const { t } = useTranslation();
  return <p className="form-error__text">{t(textKey)}</p>;
}
