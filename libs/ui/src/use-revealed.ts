import { useDeferredValue } from 'react';

/**
 * Whether to show what `ready` gates, for the switch from a loader to a whole page. Data from react-query or the
 * account store arrives through useSyncExternalStore, whose updates React renders synchronously: the whole page in
 * one task, a long block of a phone's main thread (total blocking time, issue 16). Deferred, the urgent render only
 * keeps the loader, and the page renders in a background pass React splits into small slices; a switch back to
 * not ready shows at once.
 */
export function useRevealed(ready: boolean): boolean {
  const deferred = useDeferredValue(ready);
  return ready && deferred;
}
