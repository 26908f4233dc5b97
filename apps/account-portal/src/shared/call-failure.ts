import { connectionLostMessage, isConnectionLost, message, type Message } from '@portal/forms';
import { isIdentityTransportError } from '@portal/identity';

/**
 * The error code of a call that failed without an answer to act on: `network` when the connection is missing
 * (isConnectionLost), else the identity provider's own transport code (`invalid-response`, `outage`, …), else
 * `client`. Every such failure read "network" before, also an answer that was no JSON.
 */
export function failureCode(error: unknown): string {
  if (isConnectionLost(error)) return 'network';
  return isIdentityTransportError(error) ? error.code : 'client';
}

/**
 * The text of an unexpected outcome: for `network` that the connection is missing and what to do (QA: "Es ist
 * ein unerwarteter Fehler aufgetreten. Fehlercode: network", in English), else 'An unexpected error has
 * occurred.' with the code.
 */
export function unexpectedMessage(code: number | string): Message {
  return code === 'network' ? connectionLostMessage() : message('clp.error.unexpected', 'An unexpected error has occurred.', { code });
}
