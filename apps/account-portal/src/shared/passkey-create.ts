import type { PasskeyCredentialJSON } from '@portal/identity';
import { CeremonyError, failureOf, passkeysSupported } from './passkey-browser';

/**
 * Makes a passkey for creation options; answers the RegistrationResponseJSON. Apart from the ceremonies of the login
 * (passkey-browser.ts), which /login loads with its first page: the registration's and the login details' passkeys
 * load it when they make one (page weight, 2026-11-30: /login has no byte left).
 */
export async function createPasskey(options: PasskeyCredentialJSON | undefined): Promise<PasskeyCredentialJSON> {
  if (!options || !passkeysSupported()) throw new CeremonyError('unsupported');
  const { startRegistration } = await import('@simplewebauthn/browser');
  try {
    return (await startRegistration({ optionsJSON: options as never })) as unknown as PasskeyCredentialJSON;
  } catch (error) {
    throw new CeremonyError(failureOf(error), error);
  }
}
