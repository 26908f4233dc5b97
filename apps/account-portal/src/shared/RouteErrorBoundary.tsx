import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isConnectionLost, noAnswerMessage, translateMessage } from '@portal/forms';
import { StatusPage } from '@portal/ui';
import { CHUNK_LOAD_TIMEOUT, retryFailedCode } from './load-page';

/**
 * The generic error page ('An unexpected error has occurred.' with an error code) and the page-not-found page
 * (`code` 404), both with the way home and back (spec 000 §2 and §8): `global.errors.{code}.headline` and
 * `.description`, and the `errorCode` of what failed. A page that did not load for lack of a connection says so
 * instead of naming the code `network` (QA), or, the browser online, that the service is briefly unavailable.
 */
export function PageFailed({ code = 'unexpected', errorCode }: { code?: string; errorCode?: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // Not every code has a description; asked for one it lacks, i18next answers with the key itself.
  const description = `global.errors.${code}.description`;
  const lost = errorCode === 'network';
  const text = lost ? translateMessage(t, noAnswerMessage()) : i18n.exists(description) ? t(description) : '';
  return (
    <StatusPage
      headline={t(`global.errors.${code}.headline`)}
      actions={
        <>
          <Link className="button" to="/">
            {t('global.button.home')}
          </Link>
          <button type="button" className="button button--secondary" onClick={() => navigate(-1)}>
            {t('global.button.back')}
          </button>
        </>
      }
    >
      {text ? <p>{text}</p> : null}
      {errorCode && !lost ? <p>{t('global.errors.code', { code: errorCode })}</p> : null}
    </StatusPage>
  );
}

/**
 * The code the error page names for what failed (QA: it named none): `timeout` for a page whose code did not
 * arrive in time, `network` for one whose code or texts did not load (the browsers' words for a failed import or
 * fetch), `client` for a page that failed while it was shown.
 */
export function errorCodeOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (text === CHUNK_LOAD_TIMEOUT) return 'timeout';
  return isConnectionLost(error) ? 'network' : 'client';
}

interface BoundaryState {
  errorCode?: string;
}

/**
 * The same around a frame of several pages (the account area), which stays mounted while its pages change.
 * `failed` brings the error page where the boundary stands outside every frame, so it can bring one.
 */
export class FrameErrorBoundary extends Component<{ children: ReactNode; failed?: (errorCode: string) => ReactNode }, BoundaryState> {
  state: BoundaryState = {};

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { errorCode: errorCodeOf(error) };
  }

  // Left after a failure (the shopper went elsewhere): a page whose code or texts did not load is asked for afresh
  // when it is next shown; React's lazy component and addMessages keep a failure for good, and coming back showed the
  // error page again (QA).
  componentWillUnmount() {
    if (this.state.errorCode !== undefined) retryFailedCode();
  }

  render() {
    const { errorCode } = this.state;
    if (errorCode === undefined) return this.props.children;
    return this.props.failed ? this.props.failed(errorCode) : <PageFailed errorCode={errorCode} />;
  }
}

/**
 * A page that throws while rendering, or whose code or texts do not load, shows the generic error page instead
 * of a blank one (React reports the error on the console). Keyed by the path, so going elsewhere tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <FrameErrorBoundary key={useLocation().pathname}>{children}</FrameErrorBoundary>;
}
