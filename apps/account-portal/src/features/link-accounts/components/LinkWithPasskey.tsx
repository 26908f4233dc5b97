import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useIdentity } from '@portal/identity';
import { PasskeyLoginButton } from '../../../shared/PasskeyLoginButton';
import { loginWithPasskey, type PasskeyLoginOutcome } from '../../../shared/passkey-login';
import { forgetLinkingRegToken } from '../../../shared/SocialLogin';
import { afterLoginPath } from '../../../shared/single-sign-on';

/**
 * For an account without a password that has a passkey (registered with one): its passkey proves the owner and
 * links the waiting identity (passkeyLogin in link mode with the token). Such an account once met the password
 * form, which it could not fill (QA).
 */
export function LinkWithPasskey({ regToken, onLinkExpired }: { regToken: string; onLinkExpired: () => void }) {
  const { provider } = useIdentity();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<PasskeyLoginOutcome>();
  const [pending, setPending] = useState(false);
  const start = async () => {
    setPending(true);
    setOutcome(undefined);
    let result: PasskeyLoginOutcome;
    try {
      result = await loginWithPasskey(provider, false, { regToken });
    } catch {
      result = { kind: 'unexpected', code: 'network' };
    }
    setPending(false);
    if (result.kind === 'loggedIn') {
      forgetLinkingRegToken();
      navigate(afterLoginPath(), { replace: true });
      return;
    }
    if (result.kind === 'linkExpired') {
      onLinkExpired();
      return;
    }
    setOutcome(result);
  };
  return <PasskeyLoginButton pending={pending} onStart={() => void start()} outcome={outcome} />;
}
