// What the bench scripts that load every route share (lighthouse.mjs, long-tasks.mjs, page-weight.mjs): the routes
// and their budgets (budgets.json), how a table row says where a page ended, and the Chromium they drive.
import { readFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';

export const budgets = JSON.parse(readFileSync(new URL('./budgets.json', import.meta.url), 'utf8'));

/**
 * Every route of both apps (budgets.json) whose label contains `only`, with the preference centre's link in place of
 * `{link}`. A page marked `endsSession` (/logout) ends the session it is opened with: each run needs one of its own.
 */
export const benchPages = (centre, only = '') =>
  budgets.pages.map((page) => ({ ...page, path: page.path.replace('{link}', centre) })).filter((page) => page.label.includes(only));

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Whether a logged-in page showed the login instead: its session did not reach the browser (another host than the
 * cookie's, say), so its figures are the login page's. Such a row counts as failed, never as the page's figures.
 */
export const sessionLost = (page, landedPath) => Boolean(page.session) && !page.endsSession && landedPath === '/login';

/** A row's note when its page ended elsewhere than where it was opened. Link tokens are long and secret-like: never printed. */
export const landedNote = (base, row) =>
  row.landed === new URL(`${base}${row.path}`).pathname ? '' : `  (shows ${row.landed.replace(/(\/token\/)[^/]+/, '$1…')})`;

/** Headless Chromium for the scripts that drive it through the DevTools protocol: CHROME_PATH, default /usr/bin/chromium (TOOLCHAIN.md). */
export const launchChrome = () =>
  chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
