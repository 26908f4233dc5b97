import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useIdentity } from '@portal/identity';
import { PasskeyLoginButton } from '../../../shared/PasskeyLoginButton';
import { loginWithPasskey, usePasskeyAttempt, type PasskeyLoginOutcome } from '../../../shared/passkey-login';
import { forgetLinkingRegToken } from '../../../shared/SocialLogin';
import { afterLoginPath } from '../../../shared/single-sign-on';

/**
 * For an account without a password that has a passkey (registered with one): its passkey proves the owner and
 * links the waiting identity (passkeyLogin in link mode with the token). Such an account once met the password
 * form, which it could not fill (QA).
 */
export function LinkWithPasskey({ regToken, onLinkEnded }: { regToken: string; onLinkEnded: (unverified?: { regToken?: string }) => void }) {
  const { provider } = useIdentity();
  const navigate = useNavigate();
  const settle = useCallback(
    (result: PasskeyLoginOutcome) => {
      if (result.kind === 'loggedIn') {
        forgetLinkingRegToken();
        navigate(afterLoginPath(), { replace: true });
        return true;
      }
      // The token no longer valid; or the passkey linked the identity and the account's e-mail is not confirmed yet, whose
      // mail the pending account's regToken asks for (QA: the button said nothing, PasskeyLoginMessage leaving that to
      // the panel).
      if (result.kind === 'linkExpired' || result.kind === 'unverified') {
        onLinkEnded(result.kind === 'unverified' ? result : undefined);
        return true;
      }
      return false;
    },
    [navigate, onLinkEnded],
  );
  const { attempt, outcome, pending } = usePasskeyAttempt(settle);
  return <PasskeyLoginButton pending={pending} onStart={() => void attempt(() => loginWithPasskey(provider, false, { regToken }))} outcome={outcome} />;
}
