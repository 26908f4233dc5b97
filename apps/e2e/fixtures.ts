import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test as base, type Frame, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** The WCAG levels every page must meet. */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Scans the page with axe and fails on any serious or critical violation, naming each one.
 *
 * axe-core itself, not @axe-core/playwright's builder: the builder injects axe's 500 KB afresh at every scan, twice,
 * and finishes each scan in a new page of its own. On these 2-core machines that made a scan 1.4 to 1.9 seconds
 * and a third of the browser suite's time; here axe is injected once per document (a client-side navigation keeps
 * it) into every frame, and a scan is about 0.3 seconds.
 */
export async function expectAccessible(page: Page) {
  await Promise.all(page.frames().map(injectAxe));
  const options: RunOptions = { runOnly: { type: 'tag', values: axeTags }, resultTypes: ['violations'] };
  const results = await page.evaluate((runOptions) => (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(document, runOptions), options);
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(blocking, `axe violations on ${page.url()}`).toEqual([]);
}

async function injectAxe(frame: Frame) {
  if (await frame.evaluate(() => 'axe' in window)) return;
  await frame.evaluate(axeSource);
}

/** Playwright's test, pointed at the service that global-setup started. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global-setup did not start the portal');
    await use(url);
  },
});

export { expect };
