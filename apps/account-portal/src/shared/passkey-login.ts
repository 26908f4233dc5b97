import { useCallback, useState } from 'react';
import { ErrorDetails, isFrequencyLimited, isInvalidLogin, isInvalidParameter, isRegistrationUnverified, isStaleLinkToken, isSuccess, type IdentityProvider } from '@portal/identity';
import { failureCode } from './call-failure';
import { loginOutcome, type LoginOutcome } from './login-outcome';
import { CeremonyError, signInWithPasskey, type CeremonyFailure } from './passkey-browser';

/**
 * What a passkey login means for the page: a login outcome, or why the passkey did not get that far; in link mode
 * also the link token no longer valid (expired, used, not this account's, or its identity linked already).
 */
export type PasskeyLoginOutcome =
  | LoginOutcome
  | { kind: 'passkeyRefused'; unknown: boolean }
  | { kind: 'ceremony'; failure: CeremonyFailure }
  | { kind: 'linkExpired' }
  /** 400125: the provider's limit on passkey login starts from this connection (the embedded provider's startLimits). */
  | { kind: 'tooManyRequests' };

/**
 * One passkey login: request options, the browser's ceremony (with `autofill`, the e-mail field's conditional
 * mediation), then accounts.passkeyLogin. 403042 with a passkey detail code is the passkey's refusal. With `link`
 * (the regToken of a 403043) the login proves the account and links the waiting social identity, as a password
 * login in link mode does.
 */
export async function loginWithPasskey(provider: IdentityProvider, autofill: boolean, link?: { regToken: string }): Promise<PasskeyLoginOutcome> {
  if (!provider.initPasskeyLogin || !provider.passkeyLogin) return { kind: 'ceremony', failure: 'unsupported' };
  const init = await provider.initPasskeyLogin();
  if (isFrequencyLimited(init)) return { kind: 'tooManyRequests' };
  if (!isSuccess(init)) return loginOutcome(init);
  let passkey;
  try {
    passkey = await signInWithPasskey(init.options, autofill);
  } catch (error) {
    return { kind: 'ceremony', failure: error instanceof CeremonyError ? error.failure : 'failed' };
  }
  const answer = await provider.passkeyLogin(link ? { passkey, loginMode: 'link', regToken: link.regToken } : { passkey });
  if (isInvalidLogin(answer)) return { kind: 'passkeyRefused', unknown: answer.errorDetails === ErrorDetails.PASSKEY_UNKNOWN };
  // 200009 opens no session, and 400006 names the token: either way nothing waits for this login to link.
  if (link && (isStaleLinkToken(answer) || (isInvalidParameter(answer) && !isRegistrationUnverified(answer)))) return { kind: 'linkExpired' };
  return loginOutcome(answer);
}

/**
 * A passkey button's state, one way for the login and the link page: the attempt under way and the outcome shown
 * below the button. `settle` acts on an outcome that leads on (a login, finalize, an expired link) and answers
 * true; any other outcome is shown. An attempt with `quiet` (the e-mail field's autofill, which the shopper did not
 * start with the button) leaves the button as it is, and `settle` learns it was one; its outcome says so (`quiet`),
 * for /login, which shows it beside the e-mail field rather than under the button.
 */
export function usePasskeyAttempt(settle: (result: PasskeyLoginOutcome, quiet: boolean) => boolean) {
  const [outcome, setOutcome] = useState<PasskeyLoginOutcome & { quiet?: boolean }>();
  const [pending, setPending] = useState(false);
  const attempt = useCallback(
    async (run: () => Promise<PasskeyLoginOutcome>, quiet = false) => {
      if (!quiet) setPending(true);
      setOutcome(undefined);
      let result: PasskeyLoginOutcome;
      try {
        result = await run();
      } catch (error) {
        result = { kind: 'unexpected', code: failureCode(error) };
      }
      if (!quiet) setPending(false);
      if (!settle(result, quiet)) setOutcome({ ...result, quiet });
    },
    [settle],
  );
  // A login another way (the password form) takes the last outcome down, as a new attempt does.
  return { attempt, outcome, pending, dismiss: () => setOutcome(undefined) };
}
