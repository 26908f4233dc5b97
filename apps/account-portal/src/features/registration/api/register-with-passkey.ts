import { isEmailInUse, isFrequencyLimited, isPendingRegistration, isPendingVerification, isSuccess, isValidationError, type IdentityProvider } from '@portal/identity';
import { grantConsent } from '../../../shared/identity-settings';
import { CeremonyError, type CeremonyFailure } from '../../../shared/passkey-browser';
import { createPasskey } from '../../../shared/passkey-create';
import type { RegisterAccountOptions, RegistrationOutcome } from './register-account';

export type PasskeyRegistrationOutcome = RegistrationOutcome | { kind: 'ceremony'; failure: CeremonyFailure };

/**
 * Registration with a passkey instead of a password (identity contract, passkeys): initRegistration, creation
 * options for this address, the browser makes the passkey, then register with it. The verification mail follows
 * as for a password (206002: confirm the e-mail).
 */
export async function registerWithPasskey(
  provider: IdentityProvider,
  email: string,
  { lang, regSource, consentId }: RegisterAccountOptions,
): Promise<PasskeyRegistrationOutcome> {
  if (!provider.initPasskeyRegistration) return { kind: 'ceremony', failure: 'unsupported' };
  const init = await provider.initRegistration();
  if (isFrequencyLimited(init)) return { kind: 'tooManyRequests' };
  if (!isSuccess(init) || !init.regToken) return { kind: 'unexpected', code: init.errorCode };
  const options = await provider.initPasskeyRegistration({ regToken: init.regToken, email });
  if (isEmailInUse(options)) return { kind: 'accountExists' };
  if (isValidationError(options)) return { kind: 'invalid' };
  if (!isSuccess(options)) return { kind: 'unexpected', code: options.errorCode };
  let passkey;
  try {
    passkey = await createPasskey(options.options);
  } catch (error) {
    return { kind: 'ceremony', failure: error instanceof CeremonyError ? error.failure : 'failed' };
  }
  const answer = await provider.register({
    email,
    password: '',
    passkey,
    regToken: init.regToken,
    preferences: grantConsent(consentId),
    finalizeRegistration: true,
    lang,
    ...(regSource ? { regSource } : {}),
  });
  if (isSuccess(answer)) return { kind: 'loggedIn' };
  if (isPendingRegistration(answer)) return { kind: 'finalize', regToken: answer.regToken, origin: 'registration' };
  if (isPendingVerification(answer)) return { kind: 'confirmEmail' };
  if (isEmailInUse(answer)) return { kind: 'accountExists' };
  if (isValidationError(answer)) return { kind: 'invalid' };
  if (isFrequencyLimited(answer)) return { kind: 'tooManyRequests' };
  return { kind: 'unexpected', code: answer.errorCode };
}
