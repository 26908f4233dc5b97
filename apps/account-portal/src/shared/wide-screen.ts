import { useSyncExternalStore } from 'react';

/** Spec 000 §2 and §9: the passwordless widget is hidden below a width of 1024. */
export const PASSWORDLESS_MIN_WIDTH = 1024;

const QUERY = `(min-width: ${PASSWORDLESS_MIN_WIDTH}px)`;

function media(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether the window is at least PASSWORDLESS_MIN_WIDTH wide; follows resizing. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
