import { message, type Message } from './message';

/**
 * The browsers' words for a request that got no answer at all: a fetch (Chromium, Firefox, Safari) and a part of
 * the page loaded on demand (a page's code, a form's rules).
 */
const NO_ANSWER = /Failed to fetch|NetworkError|Load failed|dynamically imported module|module script failed/i;

/**
 * Whether a request failed for lack of a connection: the browser says it is offline, or the request got no answer
 * at all (a fetch or a part of the page that did not load, the identity provider's `network` transport error),
 * also when another error carries it as its `cause`. An answer of the server, even an error page, is not one.
 */
export function isConnectionLost(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if ((cause as { code?: unknown }).code === 'network') return true;
    if (cause.name === 'TypeError' && NO_ANSWER.test(cause.message)) return true;
  }
  return false;
}

/** 'No connection to the internet. Please check your connection and try again.' */
export function connectionLostMessage(): Message {
  return message('global.errors.network', 'No connection to the internet. Please check your connection and try again.');
}

/**
 * The text for a request that failed: the missing connection when that is why (isConnectionLost), else `otherwise`
 * (the page's own "An unexpected error has occurred.").
 */
export function requestFailedMessage(error: unknown, otherwise: Message): Message {
  return isConnectionLost(error) ? connectionLostMessage() : otherwise;
}
