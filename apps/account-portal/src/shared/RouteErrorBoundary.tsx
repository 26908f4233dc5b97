import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { StatusPage } from '@portal/ui';

/**
 * The generic error page ('An unexpected error has occurred.') and the page-not-found page (`code` 404), both
 * with the way home and back (spec 000 §2 and §8): `global.errors.{code}.headline` and `.description`.
 */
export function PageFailed({ code = 'unexpected' }: { code?: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // Not every code has a description; asked for one it lacks, i18next answers with the key itself.
  const description = `global.errors.${code}.description`;
  const text = i18n.exists(description) ? t(description) : '';
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
    </StatusPage>
  );
}

interface BoundaryState {
  failed: boolean;
}

/**
 * The same around a frame of several pages (the account area), which stays mounted while its pages change.
 * `failed` replaces the error page where the boundary stands outside every frame, so it can bring one.
 */
export class FrameErrorBoundary extends Component<{ children: ReactNode; failed?: ReactNode }, BoundaryState> {
  state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  render() {
    return this.state.failed ? (this.props.failed ?? <PageFailed />) : this.props.children;
  }
}

/**
 * A page that throws while rendering, or whose code or texts do not load, shows the generic error page instead
 * of a blank one (React reports the error on the console). Keyed by the path, so going elsewhere tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <FrameErrorBoundary key={useLocation().pathname}>{children}</FrameErrorBoundary>;
}
