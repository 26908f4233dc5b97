import { onlineManager, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { connectionLostMessage, isConnectionLost, translateMessage } from '@portal/forms';
import { StatusPage } from '@portal/ui';

/** A load that got no answer for lack of a connection (isConnectionLost): no failure of the link or the account. */
export function failedForConnection(query: UseQueryResult<unknown>): boolean {
  return query.isError && isConnectionLost(query.error);
}

const watchConnection = (notify: () => void) => onlineManager.subscribe(notify);
const browserOnline = () => onlineManager.isOnline();

/**
 * Whether the centre's data waits for the connection, and how it is asked for again. Either a load got no answer
 * (a phone that opened the page from its cache without a connection: React Query knows of no 'offline' event then,
 * so the request is made and fails), or React Query holds a load back because the browser said it went offline
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
 * In place of the centre while its data waits for the connection: the missing connection named (it was the loading
 * error page, which blames the link: "expired or invalid", QA phone), and a way to try again. The link's address
 * stays, so that a try, and the browser coming back online, load the centre.
 */
export function ConnectionLostPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      headline={t('global.errors.preferences.loading.headline', { defaultValue: 'Ihre Einstellungen konnten nicht geladen werden.' })}
      actions={
        <button type="button" className="button" onClick={onRetry}>
          {t('mpp.button.retry', { defaultValue: 'Erneut versuchen' })}
        </button>
      }
    >
      <p role="alert">{translateMessage(t, connectionLostMessage())}</p>
    </StatusPage>
  );
}
