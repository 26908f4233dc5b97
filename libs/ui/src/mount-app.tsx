import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Shows an app in the page's `#root`. The first render runs as a transition: React then yields to the browser
 * every few milliseconds instead of rendering the whole page in one task, which a phone's CPU turns into a long
 * block of the main thread (total blocking time, issue 16).
 */
export function mountApp(app: ReactNode, container: HTMLElement = document.getElementById('root')!) {
  const root = createRoot(container);
  startTransition(() => root.render(<StrictMode>{app}</StrictMode>));
  return root;
}
