import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useIdentity } from '@portal/identity';
import type { FinalizeState } from '../../../shared/navigation';
import { loginWithPasskey, usePasskeyAttempt, type PasskeyLoginOutcome } from '../../../shared/passkey-login';

/**
 * The login page's passkey login: a success is followed by the page's logged-in redirect, an incomplete account
 * goes to finalize with the origin spec 000 §2 names for the passwordless widget (ownIdLogin); anything else is
 * the outcome to show. One for the page, which the e-mail field's autofill and the widget's button share: the
 * outcome is shown once, beside the way tried last (`autofill`). QA of 2026-11-30: each kept its own, and an unknown
 * passkey tried both ways was said twice, above "Anmelden" and under the button.
 */
export function usePasskeyLogin() {
  const { provider, setRegistration } = useIdentity();
  const navigate = useNavigate();
  const settle = useCallback(
    (result: PasskeyLoginOutcome, autofill: boolean) => {
      if (result.kind === 'finalize') {
        setRegistration(result.regToken);
        const state: FinalizeState = { origin: 'ownIdLogin', regToken: result.regToken };
        navigate('/registration/finalize', { state });
        return true;
      }
      // A conditional request that ends unanswered (the page moves on, another ceremony starts) says nothing.
      return result.kind === 'loggedIn' || (autofill && result.kind === 'ceremony');
    },
    [setRegistration, navigate],
  );
  const passkeyAttempt = usePasskeyAttempt(settle);
  const { attempt } = passkeyAttempt;
  const start = useCallback((autofill: boolean) => attempt(() => loginWithPasskey(provider, autofill), autofill), [attempt, provider]);
  return { ...passkeyAttempt, start };
}

export type PasskeyLoginState = ReturnType<typeof usePasskeyLogin>;
