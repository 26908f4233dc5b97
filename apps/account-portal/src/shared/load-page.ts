import { createElement, lazy, useState, type ComponentType } from 'react';
import { retryFailedMessages } from '@portal/i18n';

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

/** The loads loadCode has started, and the modules they have brought, by their loader. */
const loadingCode = new WeakMap<() => Promise<unknown>, Promise<unknown>>();
const loadedCode = new WeakMap<() => Promise<unknown>, unknown>();

/**
 * Loads code through loadPage once, however often it is asked for (the preload, PageTexts on every render, the
 * lazy page), and keeps the module, so that lazyNamed shows a page whose code is in at once. A failed load is
 * forgotten, so the next ask tries again.
 */
export function loadCode<T>(load: () => Promise<T>): Promise<T> {
  let loading = loadingCode.get(load) as Promise<T> | undefined;
  if (!loading) {
    loading = loadPage(load).then(
      (module) => {
        loadedCode.set(load, module);
        return module;
      },
      (error: unknown) => {
        loadingCode.delete(load);
        throw error;
      },
    );
    loadingCode.set(load, loading);
  }
  return loading;
}

/** Renew the lazy components whose code failed to load (retryFailedCode). */
const failedLazies = new Set<() => void>();

/**
 * A named export loaded on first use through loadCode, as a lazy component; rendered once its code is in (started
 * ahead by preloadPage, say), it shows at once. A lazy component would suspend even then, and React holds back the
 * content that replaces a loader it has just shown for up to 300 ms (its fallback throttle).
 */
export function lazyNamed<P extends object, K extends string>(load: () => Promise<Record<K, ComponentType<P>>>, name: K): ComponentType<P> {
  const lazyOne = () =>
    lazy<ComponentType<P>>(async () => {
      try {
        return { default: (await loadCode(load))[name] };
      } catch (error) {
        failedLazies.add(renew);
        throw error;
      }
    });
  const renew = () => {
    Lazy = lazyOne();
  };
  let Lazy = lazyOne();
  function Named(props: P) {
    // Chosen once per mount: a switch from the lazy component to the loaded one would mount the page afresh.
    const [Loaded] = useState(() => (loadedCode.get(load) as Record<K, ComponentType<P>> | undefined)?.[name]);
    return createElement(Loaded ?? Lazy, props);
  }
  return Named;
}

/**
 * A lazy component keeps its failure for good: after this, the components whose code failed to load ask for it
 * again when next shown (InBackground, once the connection is back). Not on their own next mount: React renders a
 * failed component once more before its error boundary shows, and that would ask again at once. The texts of the
 * pages after the first (PageTexts) keep a failed load the same way, and are asked for again with the code.
 */
export function retryFailedCode() {
  for (const renew of failedLazies) renew();
  failedLazies.clear();
  retryFailedMessages();
}
