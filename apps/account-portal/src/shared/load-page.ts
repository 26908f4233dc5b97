/** Spec 000 §9: a page's code that has not arrived after this long counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** How often a page's code is asked for again after a failure or a time-out, before the error page shows. */
export const CHUNK_LOAD_RETRIES = 1;

export class ChunkLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`the page did not load within ${timeoutMs / 1000} s`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(timeoutMs)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Loads a page's code: gives up on an attempt after `timeoutMs` and asks again `retries` times (a dropped
 * connection or a replaced deployment); the last failure rejects, and the route's error boundary shows the
 * generic error page.
 */
export function loadPage<T>(load: () => Promise<T>, { timeoutMs = CHUNK_LOAD_TIMEOUT_MS, retries = CHUNK_LOAD_RETRIES } = {}): Promise<T> {
  const attempt = (left: number): Promise<T> =>
    withTimeout(load(), timeoutMs).catch((error: unknown) => {
      if (left <= 0) throw error;
      return attempt(left - 1);
    });
  return attempt(retries);
}
