import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useIdentity } from '@portal/identity';
import { PasskeyLoginButton } from '../../../shared/PasskeyLoginButton';
import { loginWithPasskey, usePasskeyAttempt, type PasskeyLoginOutcome } from '../../../shared/passkey-login';
import { forgetLinkingRegToken } from '../../../shared/SocialLogin';
import { afterLoginPath } from '../../../shared/single-sign-on';
import { UnverifiedAccountPanel } from './UnverifiedAccountPanel';

/**
 * For an account without a password that has a passkey (registered with one): its passkey proves the owner and
 * links the waiting identity (passkeyLogin in link mode with the token). Such an account once met the password
 * form, which it could not fill (QA).
 */
export function LinkWithPasskey({ regToken, onLinkExpired }: { regToken: string; onLinkExpired: () => void }) {
  const { provider } = useIdentity();
  const navigate = useNavigate();
  const settle = useCallback(
    (result: PasskeyLoginOutcome) => {
      if (result.kind === 'loggedIn') {
        forgetLinkingRegToken();
        navigate(afterLoginPath(), { replace: true });
        return true;
      }
      if (result.kind === 'linkExpired') {
        onLinkExpired();
        return true;
      }
      return false;
    },
    [navigate, onLinkExpired],
  );
  const { attempt, outcome, pending } = usePasskeyAttempt(settle);
  // An account whose e-mail is not confirmed yet gets /login's panel, whose mail the pending account's regToken asks
  // for (QA: the button said nothing, PasskeyLoginMessage leaving that to the panel).
  return (
    <>
      <PasskeyLoginButton pending={pending} onStart={() => void attempt(() => loginWithPasskey(provider, false, { regToken }))} outcome={outcome} />
      {outcome?.kind === 'unverified' && outcome.regToken ? <UnverifiedAccountPanel target={{ regToken: outcome.regToken }} /> : null}
    </>
  );
}
