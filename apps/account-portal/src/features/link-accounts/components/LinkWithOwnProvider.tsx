import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSite } from '@portal/cms';
import { isInvalidLogin, isSuccess, useIdentity, type Envelope, type SocialProviderName } from '@portal/identity';
import { translateMessage } from '@portal/forms';
import { failureCode, unexpectedMessage } from '../../../shared/call-failure';
import { forgetLinkingRegToken, rememberSocialLoginStart } from '../../../shared/SocialLogin';
import { afterLoginPath } from '../../../shared/single-sign-on';

/**
 * For an account without a password (social only): the login with a provider the account already has proves
 * the owner, and links the waiting identity (socialLogin in link mode with the token). With a redirect the
 * answer comes back as this page's query; a provider that answers in the page resolves here.
 */
export function LinkWithOwnProvider({ providers, regToken }: { providers: SocialProviderName[]; regToken: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { provider } = useIdentity();
  const { language } = useSite();
  // The provider's answer, or the code of a call that got none (failureCode).
  const [answer, setAnswer] = useState<Envelope | string>();
  const start = async (name: SocialProviderName) => {
    setAnswer(undefined);
    rememberSocialLoginStart('/');
    try {
      const result = await provider.socialLogin({
        provider: name,
        loginMode: 'link',
        regToken,
        redirectURL: `${window.location.origin}/social/link-accounts`,
        lang: language,
      });
      if (isSuccess(result)) {
        forgetLinkingRegToken();
        navigate(afterLoginPath(), { replace: true });
        return;
      }
      setAnswer(result);
    } catch (error) {
      setAnswer(failureCode(error));
    }
  };
  return (
    <>
      <ul className="social-login__buttons">
        {providers.map((name) => (
          <li key={name}>
            <button type="button" className="button button--secondary social-login__button" onClick={() => void start(name)}>
              {t(`clp.social.${name}`)}
            </button>
          </li>
        ))}
      </ul>
      <div className="form-error" role="alert">
        {answer ? (
          <p className="form-error__text">
            {typeof answer !== 'string' && isInvalidLogin(answer)
              ? t('clp.linkaccounts.social.notOwn')
              : translateMessage(t, unexpectedMessage(typeof answer === 'string' ? answer : answer.errorCode))}
          </p>
        ) : null}
      </div>
    </>
  );
}
