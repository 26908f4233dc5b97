import { useTranslation } from 'react-i18next';
import { connectionLostText, RetryButton } from './ConnectionLost';
import { StatusPage } from './StatusPage';

const fallbacks: Record<string, string> = {
  'global.errors.metadata.fetch': 'metadata fetch failed.',
  'global.errors.cms.fetch': 'cms data fetch failed.',
};

/**
 * The error page shown when metadata or content cannot be loaded (spec 001 §8): the failure, the status the server
 * answered ('Response had status {n}', spec 000 §8) and the generic error page's ways on, home or back (spec 000
 * §2). It stands outside the router, which needs the content, so its ways are plain links and history. A load that
 * waits for the connection (`onRetry`) says so after the failure and offers to try again first.
 */
export function SiteLoadError({
  messageKey,
  status,
  onRetry,
}: {
  messageKey: keyof typeof fallbacks | string;
  status?: number;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <main id="main" className="page__main">
      <StatusPage
        headline={t('global.errors.unexpected.headline', { defaultValue: 'Es ist ein unerwarteter Fehler aufgetreten.' })}
        actions={
          <>
            {onRetry ? <RetryButton onRetry={onRetry} /> : null}
            <a className="button" href="/">
              {t('global.button.home', { defaultValue: 'Zur Startseite' })}
            </a>
            <button type="button" className="button button--secondary" onClick={() => window.history.back()}>
              {t('global.button.back', { defaultValue: 'Zurück' })}
            </button>
          </>
        }
      >
        <p role="alert">
          {t(messageKey, { defaultValue: fallbacks[messageKey] ?? messageKey })}
          {status ? ` ${t('global.errors.response.status', { status, defaultValue: 'Response had status {status}' })}` : null}
          {onRetry ? ` ${connectionLostText(t)}` : null}
        </p>
      </StatusPage>
    </main>
  );
}
