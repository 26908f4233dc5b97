import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCmsSettings } from '@portal/cms';
import { connectionLostText, RetryButton, useConnectionWait } from './ConnectionLost';
import { PageLoader } from './Loader';
import { StatusPage } from './StatusPage';

// German, as every default of the page: the account portal loads no texts before metadata names the language, and the
// spec's English (spec 001 §8, the English texts') stood on its German page (QA spec audit, 2026-11-30).
const fallbacks: Record<string, string> = {
  'global.errors.metadata.fetch': 'Die Metadaten konnten nicht geladen werden.',
  'global.errors.cms.fetch': 'Die CMS-Daten konnten nicht geladen werden.',
};

/**
 * The error page shown when metadata or content cannot be loaded (spec 001 §8): the failure, the status the server
 * answered ('Response had status {n}', spec 000 §8) and the generic error page's ways on, home (the app's start,
 * CmsSettings.homeUrl) or back (spec 000 §2). It stands outside the router, which needs the content, so its ways
 * are plain links and history. A load that waits for the connection (`onRetry`) says so after the failure and
 * offers to try again first; the page's texts have no failure text of their own (`messageKey` none), so their page
 * names the missing connection alone.
 */
export function SiteLoadError({
  messageKey,
  status,
  onRetry,
}: {
  messageKey?: keyof typeof fallbacks | string;
  status?: number;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const { homeUrl = '/' } = useCmsSettings();
  return (
    <main id="main" className="page__main">
      <StatusPage
        headline={t('global.errors.unexpected.headline', { defaultValue: 'Es ist ein unerwarteter Fehler aufgetreten.' })}
        actions={
          <>
            {onRetry ? <RetryButton onRetry={onRetry} /> : null}
            <a className="button" href={homeUrl}>
              {t('global.button.home', { defaultValue: 'Zur Startseite' })}
            </a>
            <button type="button" className="button button--secondary" onClick={() => window.history.back()}>
              {t('global.button.back', { defaultValue: 'Zurück' })}
            </button>
          </>
        }
      >
        <p role="alert">
          {messageKey ? t(messageKey, { defaultValue: fallbacks[messageKey] ?? messageKey }) : null}
          {status ? ` ${t('global.errors.response.status', { status, defaultValue: 'Response had status {status}' })}` : null}
          {onRetry ? ` ${connectionLostText(t)}` : null}
        </p>
      </StatusPage>
    </main>
  );
}

/**
 * Until the site is in: the loader, or the error page of a load that failed (spec 001 §8). A load that waits for the
 * connection (useConnectionWait) showed the loader for ever or blamed the site alone (QA phone): its error page says
 * the connection is missing and offers to try again, and the site loads by itself once the browser is back online.
 * A try asks again for every one of `loads` that failed (SiteLoad). The same for the identity provider the pages
 * wait for (IdentityGate).
 */
export function SiteLoading({
  query,
  messageKey,
  status,
  loads = [query],
}: {
  query: UseQueryResult<unknown>;
  messageKey?: string;
  status?: number;
  loads?: UseQueryResult<unknown>[];
}) {
  const { lost, retrying, retry } = useConnectionWait(loads);
  if (retrying || !(lost || query.isError)) return <PageLoader />;
  return <SiteLoadError messageKey={messageKey} status={status} onRetry={lost ? retry : undefined} />;
}
