import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ErrorMessage } from '@portal/ui';

/** The generic error page with the way home and back (spec 000 §2). */
export function PageFailed() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorMessage
      code="page"
      actions={
        <>
          <Link className="button" to="/">
            {t('global.button.home', { defaultValue: 'Zur Startseite' })}
          </Link>
          <button type="button" className="button button--secondary" onClick={() => navigate(-1)}>
            {t('global.button.back', { defaultValue: 'Zurück' })}
          </button>
        </>
      }
    />
  );
}

interface BoundaryState {
  failed: boolean;
}

class Boundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    // Only the error's kind and where it happened: a message may quote what the shopper entered.
    console.error('page failed to render:', error.name, info.componentStack?.split('\n').slice(0, 3).join(' '));
  }

  render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}

/**
 * A page that throws while rendering, or whose code or texts do not load, shows the generic error page instead
 * of a blank one. Keyed by the path, so going elsewhere tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}
