import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { retryFailedCode } from './load-page';

/** A key or a tap: the page is in use, and a helper whose code failed is worth asking for again (while online). */
const INTERACTIONS = ['keydown', 'pointerdown'] as const;

/**
 * Around a helper of the page that is no part of what the shopper reads or types (the session keeper, its warning),
 * whose code loads after the page. When that code does not load (the connection dropped as the page opened), the
 * helper is left out and the page stays as it is; the error page in its place would take the page and what the
 * shopper typed (QA phone round). The helper is loaded again once the browser is back online, or at the shopper's
 * next key or tap while it is online.
 */
export class InBackground extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private readonly retry = () => {
    retryFailedCode();
    this.setState({ failed: false });
  };

  render() {
    if (this.state.failed) return <RetryLater retry={this.retry} />;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

function RetryLater({ retry }: { retry: () => void }) {
  useEffect(() => {
    // Offline, a key or tap would only fail again: the connection's return is the sign then.
    const atWork = () => navigator.onLine && retry();
    window.addEventListener('online', retry);
    for (const name of INTERACTIONS) window.addEventListener(name, atWork, { capture: true, passive: true });
    return () => {
      window.removeEventListener('online', retry);
      for (const name of INTERACTIONS) window.removeEventListener(name, atWork, { capture: true });
    };
  }, [retry]);
  return null;
}
