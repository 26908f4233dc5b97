import { message, type Message } from './message';

/**
 * The browsers' words for a request that got no answer at all: a fetch (Chromium, Firefox, Safari) and a part of
 * the page loaded on demand (a page's code, a form's rules).
 */
const NO_ANSWER = /Failed to fetch|NetworkError|Load failed|dynamically imported module|module script failed/i;

/** Whether the browser says it is offline. */
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Whether `error`, or an error it carries as its `cause`, is a request without an answer; `proxied`: a proxy's too. */
function noAnswer(error: unknown, proxied: boolean): boolean {
  if (offline()) return true;
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if ((cause as { code?: unknown }).code === 'network') return true;
    if (cause.name === 'TypeError' && NO_ANSWER.test(cause.message)) return true;
    // What a proxy answers in place of a service behind it that is down or restarting: 502 Bad Gateway, 503 Service
    // Unavailable, 504 Gateway Timeout; the `status` of the REST calls' ResponseError and of the identity provider's
    // transport error for an answer that was no envelope.
    const status = (cause as { status?: number }).status ?? 0;
    if (proxied && status > 501 && status < 505) return true;
  }
  return false;
}

/**
 * Whether a request failed for lack of a connection: the browser says it is offline, or the request got no answer
 * at all (a fetch or a part of the page that did not load, the identity provider's `network` transport error),
 * also when another error carries it as its `cause`. An answer of the server, even an error page, is not one.
 * With the browser online, that is as often the service down (connection refused) as the shopper's connection:
 * noAnswerMessage says which the browser knows.
 */
export function isConnectionLost(error: unknown): boolean {
  return noAnswer(error, false);
}

/**
 * Whether a request got no answer from the service: isConnectionLost, or a proxy's 502, 503 or 504 in place of the
 * service's answer. A page's load keeps to isConnectionLost (a proxy's error page there stays the page's error).
 */
export function isUnanswered(error: unknown): boolean {
  return noAnswer(error, true);
}

/**
 * What a request that got no answer (isUnanswered) says, as the browser knows it now: offline, 'No connection to the
 * internet. Please check your connection and try again.'; online, the shopper's connection works and the service
 * did not answer (connection refused, a proxy's 502): 'Our service is briefly unavailable. Please try again in a
 * moment.' Both said the first (QA: with the service down, Save and the store search blamed the shopper's
 * connection). The German fallback stands until the page's texts are in, which need not have loaded
 * (SiteLoadError): the missing connection's for both, as before, a text of its own being more than /login's first
 * load has room for; with the texts in (every form, the store search, a page whose code did not load) each says its own.
 */
export function noAnswerMessage(): Message {
  return message(offline() ? 'global.errors.network' : 'global.errors.unavailable', 'Keine Verbindung zum Internet. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.');
}

/**
 * The text for a request that failed: noAnswerMessage when it got no answer (isUnanswered), else `otherwise` (the
 * page's own "An unexpected error has occurred.").
 */
export function requestFailedMessage(error: unknown, otherwise: Message): Message {
  return isUnanswered(error) ? noAnswerMessage() : otherwise;
}
