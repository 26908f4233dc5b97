import { onlineManager, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isConnectionLost, noAnswerMessage, translateMessage } from '@portal/forms';
import { StatusPage } from './StatusPage';

/** A load that got no answer for lack of a connection (isConnectionLost): no failure of what it asked for. */
export function failedForConnection(query: UseQueryResult<unknown>): boolean {
  return query.isError && isConnectionLost(query.error);
}

const watchConnection = (notify: () => void) => onlineManager.subscribe(notify);
const browserOnline = () => onlineManager.isOnline();

/**
 * Whether a page's data waits for the connection, and how it is asked for again. Either a load got no answer (a
 * phone that opened the page from its cache without a connection: React Query knows of no 'offline' event then, so
 * the request is made and fails), or React Query holds a load back because the browser said it went offline
 * (networkMode 'online', createQueryClient): paused, it waited without a word, the loader turning for ever (QA
 * phone). Held loads go on by themselves once the browser is back online; failed ones are asked for again then
 * (the 'online' event), and whenever the shopper asks (`retry`).
 */
export function useConnectionWait(queries: UseQueryResult<unknown>[]) {
  const online = useSyncExternalStore(watchConnection, browserOnline);
  const failed = queries.filter(failedForConnection);
  // A load held back while the browser shows the page in the background waits for the tab, not for the connection.
  const lost = failed.length > 0 || (!online && queries.some((query) => query.isPaused));
  const retry = () => {
    // Asked by the shopper, the request is made, also where the browser still says it is offline: its word is not
    // always right (React Query stopped reading navigator.onLine for that reason), and a request that fails again
    // says so at once.
    if (!onlineManager.isOnline()) onlineManager.setOnline(true);
    for (const query of failed) void query.refetch();
  };
  useEffect(() => {
    if (!lost) return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  });
  return { lost, retrying: failed.some((query) => query.isFetching), retry };
}

/**
 * Why the data did not come (noAnswerMessage): the missing connection while the browser says it is offline, else the
 * service briefly unavailable (QA: the service down, the page blamed the shopper's connection). Until the page's
 * texts are in, which without an answer may never have loaded, the missing connection's German text stands, as the
 * site's error page's texts do.
 */
export function connectionLostText(t: TFunction): string {
  return translateMessage(t, noAnswerMessage());
}

/** The way to try again of a page whose data waits for the connection (useConnectionWait's `retry`). */
export function RetryButton({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="button" onClick={onRetry}>
      {t('global.button.retry', { defaultValue: 'Erneut versuchen' })}
    </button>
  );
}

/** In place of a page whose data waits for the connection (useConnectionWait): why it did not come (connectionLostText), a way to try again. */
export function ConnectionLostPage({ headline, onRetry }: { headline: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusPage headline={headline} actions={<RetryButton onRetry={onRetry} />}>
      <p role="alert">{connectionLostText(t)}</p>
    </StatusPage>
  );
}
