import type { PasskeyCredentialJSON } from '@portal/identity';

/**
 * The browser's side of a passkey ceremony through @simplewebauthn/browser, loaded only when a ceremony starts:
 * /login's first load carries none of it (the widget's button loads it when pressed; the e-mail field's
 * conditional request uses the platform's JSON helpers, and the script only where a browser lacks them). Making a
 * passkey is passkey-create.ts, which /login does not load.
 */

/**
 * Why a ceremony ended without an answer: the shopper cancelled (or timed out), the browser could not, or (making
 * one) the authenticator already holds a passkey of the account's, which the provider excluded.
 */
export type CeremonyFailure = 'cancelled' | 'unsupported' | 'registered' | 'failed';

export class CeremonyError extends Error {
  constructor(readonly failure: CeremonyFailure, cause?: unknown) {
    super(`passkey ceremony: ${failure}`, { cause });
  }
}

export function failureOf(error: unknown): CeremonyFailure {
  const name = (error as { name?: string; cause?: { name?: string } } | undefined)?.cause?.name ?? (error as { name?: string } | undefined)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return 'cancelled';
  if (name === 'NotSupportedError') return 'unsupported';
  if (name === 'InvalidStateError') return 'registered';
  return 'failed';
}

/** Whether the browser has WebAuthn at all (no script needed to tell). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Whether the browser offers passkeys in the e-mail field's autofill (conditional mediation). */
export async function conditionalMediationAvailable(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const check = (window.PublicKeyCredential as unknown as { isConditionalMediationAvailable?: () => Promise<boolean> }).isConditionalMediationAvailable;
  try {
    return typeof check === 'function' && (await check.call(window.PublicKeyCredential));
  } catch {
    return false;
  }
}

type JsonPublicKeyCredential = typeof PublicKeyCredential & {
  parseRequestOptionsFromJSON?: (options: unknown) => PublicKeyCredentialRequestOptions;
};

// The conditional request in flight, so a modal ceremony or leaving the page can end it.
let conditional: AbortController | undefined;

/** Ends a conditional request (the e-mail field's autofill) that is waiting for the shopper. */
export function cancelConditionalRequest() {
  conditional?.abort(new DOMException('conditional request ended', 'AbortError'));
  conditional = undefined;
}

/**
 * The e-mail field's conditional request with the platform's own JSON helpers, where the browser has them: it
 * waits from the first page view on, and a script for it would weigh on every visit of /login.
 */
async function autofillWithPlatform(options: PasskeyCredentialJSON): Promise<PasskeyCredentialJSON | undefined> {
  const platform = window.PublicKeyCredential as JsonPublicKeyCredential;
  if (typeof platform.parseRequestOptionsFromJSON !== 'function' || typeof platform.prototype.toJSON !== 'function') return undefined;
  cancelConditionalRequest();
  const controller = new AbortController();
  conditional = controller;
  try {
    const credential = (await navigator.credentials.get({
      publicKey: platform.parseRequestOptionsFromJSON(options),
      mediation: 'conditional',
      signal: controller.signal,
    })) as PublicKeyCredential | null;
    if (!credential) throw new CeremonyError('cancelled');
    return credential.toJSON() as unknown as PasskeyCredentialJSON;
  } catch (error) {
    throw error instanceof CeremonyError ? error : new CeremonyError(failureOf(error), error);
  } finally {
    if (conditional === controller) conditional = undefined;
  }
}

/** Signs in with a passkey for request options; `autofill` waits for the shopper to pick one in the e-mail field. */
export async function signInWithPasskey(options: PasskeyCredentialJSON | undefined, autofill = false): Promise<PasskeyCredentialJSON> {
  if (!options || !passkeysSupported()) throw new CeremonyError('unsupported');
  if (autofill) {
    const answer = await autofillWithPlatform(options);
    if (answer) return answer;
  } else cancelConditionalRequest();
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    return (await startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill })) as unknown as PasskeyCredentialJSON;
  } catch (error) {
    throw new CeremonyError(failureOf(error), error);
  }
}
