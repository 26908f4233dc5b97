import { isUnanswered, message, noAnswerMessage, type Message } from '@portal/forms';
import { isIdentityTransportError } from '@portal/identity';

/**
 * The error code of a call that failed without an answer to act on: `network` when it got no answer (isUnanswered:
 * no connection, the service down, a proxy's 502 in its place), else the identity provider's own transport code
 * (`invalid-response`, `outage`, …), else `client`. Every such failure read "network" before, also an answer that
 * was no JSON.
 */
export function failureCode(error: unknown): string {
  if (isUnanswered(error)) return 'network';
  return isIdentityTransportError(error) ? error.code : 'client';
}

/**
 * The text of an unexpected outcome: for `network` why there was no answer and what to do (noAnswerMessage: the
 * missing connection, or the service briefly unavailable; QA: "Es ist ein unerwarteter Fehler aufgetreten.
 * Fehlercode: network", in English), else 'An unexpected error has occurred.' with the code.
 */
export function unexpectedMessage(code: number | string): Message {
  return code === 'network' ? noAnswerMessage() : message('clp.error.unexpected', 'An unexpected error has occurred.', { code });
}
