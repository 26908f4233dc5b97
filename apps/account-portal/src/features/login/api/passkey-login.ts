import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorDetails, isInvalidLogin, isSuccess, useIdentity, type IdentityProvider } from '@portal/identity';
import type { FinalizeState } from '../../../shared/navigation';
import { CeremonyError, signInWithPasskey, type CeremonyFailure } from '../../../shared/passkey-browser';
import { loginOutcome, type LoginOutcome } from '../../../shared/login-outcome';

/** What a passkey login means for the login page: a login outcome, or why the passkey did not get that far. */
export type PasskeyLoginOutcome = LoginOutcome | { kind: 'passkeyRefused'; unknown: boolean } | { kind: 'ceremony'; failure: CeremonyFailure };

/**
 * One passkey login: request options, the browser's ceremony (with `autofill`, the e-mail field's conditional
 * mediation), then accounts.passkeyLogin. 403042 with a passkey detail code is the passkey's refusal.
 */
export async function loginWithPasskey(provider: IdentityProvider, autofill: boolean): Promise<PasskeyLoginOutcome> {
  if (!provider.initPasskeyLogin || !provider.passkeyLogin) return { kind: 'ceremony', failure: 'unsupported' };
  const init = await provider.initPasskeyLogin();
  if (!isSuccess(init)) return loginOutcome(init);
  let passkey;
  try {
    passkey = await signInWithPasskey(init.options, autofill);
  } catch (error) {
    return { kind: 'ceremony', failure: error instanceof CeremonyError ? error.failure : 'failed' };
  }
  const answer = await provider.passkeyLogin({ passkey });
  if (isInvalidLogin(answer)) return { kind: 'passkeyRefused', unknown: answer.errorDetails === ErrorDetails.PASSKEY_UNKNOWN };
  return loginOutcome(answer);
}

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
