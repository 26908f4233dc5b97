import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium: Playwright cannot download its own browsers on these machines (TOOLCHAIN.md). Its headless
// shell (package chromium-headless-shell, which .ci/run installs) where present: the same engine without the
// browser's own interface, which headless Chromium still builds for every window; the suite runs about a third
// faster with it on these 2-core machines. Lighthouse keeps the full browser (tools/bench).
const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

/** Specs whose result does not depend on the viewport (requests and attributes only). */
const REQUEST_ONLY_SPECS = ['**/shared-images.spec.ts', '**/responsive-images.spec.ts'];
// The passwordless widget shows from 1024 pixels only (spec 000 §2): its journeys set their own widths on the desktop;
// the reflow check sets the narrowest screen itself.
const WIDE_SCREEN_SPECS = ['**/passkeys.spec.ts', '**/reflow.spec.ts'];
// Specs that launch a browser of their own (the full Chromium, whose back/forward cache the screen does not change):
// once, at the desktop width.
const OWN_BROWSER_SPECS = ['**/back-forward-cache.spec.ts'];

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The JSON report is for .ci/run, which prints the failures' errors last, where a CI log's tail shows them.
  reporter: [['list'], ['json', { outputFile: '../../dist/e2e/results.json' }]],
  outputDir: '../../dist/e2e/test-results',
  use: {
    // Recording a trace of every test made the suite nearly half as slow again (on these machines); a failure
    // still leaves its screenshot and page snapshot. E2E_TRACE=1 records traces and keeps those of failures.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    locale: 'de-DE',
    launchOptions: { executablePath: chromium, args: chromiumArgs },
  },
  projects: [
    // The page-weight check measures bytes, which do not depend on the screen: once, as the phone the budgets are for.
    { name: 'desktop', testIgnore: /page-weight\.spec\.ts$/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    // Specs that only send requests or read attributes (no page layout) run once, at the desktop width: on the
    // phone they would repeat the same requests, and a skip would only hide that in the report.
    { name: 'phone', use: { ...devices['Pixel 7'] }, testIgnore: [...REQUEST_ONLY_SPECS, ...WIDE_SCREEN_SPECS, ...OWN_BROWSER_SPECS] },
    // Both apps on the fake identity provider (QA mode, one service per worker): the error catalogues of spec 000
    // and spec 001 section 8, with the hard-to-reach codes forced through the QA panel.
    { name: 'qa', testDir: './qa', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
});
