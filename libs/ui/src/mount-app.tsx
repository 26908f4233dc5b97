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

/**
 * Runs an app's start-up in a task of its own, after the task in which the browser evaluated the app's modules. The
 * start-up (start-up parameters, the first page's code asked for, i18next set up) is some 60 ms of a phone's main
 * thread at Lighthouse's calibrated slowdown; in the evaluation's task it made that task longer (under Lighthouse
 * a long one already, mostly its DevTools cost: README), and every millisecond of a task past 50 counts as blocking
 * time (issue 16).
 */
export function startAfterModules(start: () => void) {
  setTimeout(start, 0);
}
