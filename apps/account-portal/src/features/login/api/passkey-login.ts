import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useIdentity } from '@portal/identity';
import type { FinalizeState } from '../../../shared/navigation';
import { loginWithPasskey, type PasskeyLoginOutcome } from '../../../shared/passkey-login';

/**
 * The login page's passkey login: a success is followed by the page's logged-in redirect, an incomplete account
 * goes to finalize with the origin spec 000 §2 names for the passwordless widget (ownIdLogin); anything else is
 * the outcome to show.
 */
export function usePasskeyLogin() {
  const { provider, setRegistration } = useIdentity();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<PasskeyLoginOutcome>();
  const [pending, setPending] = useState(false);
  const start = useCallback(
    async (autofill: boolean) => {
      if (!autofill) setPending(true);
      setOutcome(undefined);
      let result: PasskeyLoginOutcome;
      try {
        result = await loginWithPasskey(provider, autofill);
      } catch {
        result = { kind: 'unexpected', code: 'network' };
      }
      if (!autofill) setPending(false);
      if (result.kind === 'finalize') {
        setRegistration(result.regToken);
        const state: FinalizeState = { origin: 'ownIdLogin', regToken: result.regToken };
        navigate('/registration/finalize', { state });
        return;
      }
      // A conditional request that ends unanswered (the page moves on, another ceremony starts) says nothing.
      if (result.kind === 'loggedIn' || (autofill && result.kind === 'ceremony')) return;
      setOutcome(result);
    },
    [provider, setRegistration, navigate],
  );
  return { start, outcome, pending };
}
