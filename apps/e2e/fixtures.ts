import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

/** The WCAG levels every page must meet. */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/** Scans the page with axe and fails on any serious or critical violation, naming each one. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(blocking, `axe violations on ${page.url()}`).toEqual([]);
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
