import { lazy, type ComponentType } from 'react';

/** Spec 000 §9: a page's code that has not arrived after this long counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** How often a page's code is asked for again after a failure or a time-out, before the error page shows. */
export const CHUNK_LOAD_RETRIES = 1;

/** The message of a page load that timed out. */
export const CHUNK_LOAD_TIMEOUT = 'timeout';

/**
 * Loads a page's code: gives up on an attempt after `timeoutMs` and asks again `retries` times (a dropped
 * connection or a replaced deployment); the last failure rejects, and the route's error boundary shows the
 * generic error page.
 */
export function loadPage<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS, retries = CHUNK_LOAD_RETRIES): Promise<T> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(CHUNK_LOAD_TIMEOUT)), timeoutMs));
  return Promise.race([load(), timeout]).catch((error: unknown) => (retries > 0 ? loadPage(load, timeoutMs, retries - 1) : Promise.reject(error as Error)));
}

/** A named export loaded on first use through loadPage, as a lazy component. */
export function lazyNamed<P, K extends string>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy<ComponentType<P>>(async () => ({ default: (await loadPage(load))[name] }));
}
