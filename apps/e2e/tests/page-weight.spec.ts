import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Response } from '@playwright/test';
import { expect, test } from '../fixtures';
import { confirmedAccount, logInThroughApi } from '../helpers/account';
import { preferenceLink } from '../helpers/preferences';

/**
 * The size check of issue 16: every route of both apps, opened in Chromium like a first-time visitor, loads no
 * more JavaScript (gzipped) than its budget. Budgets and the list of routes live in tools/bench/budgets.json, which
 * `make bench` reads too. Measured in the browser rather than from the build's file list, so that code a page
 * imports on demand when it shows (a sign-in provider's script, say) counts against the page as well.
 */
interface Budgets {
  jsKB: Record<string, number>;
  pages: { label: string; path: string; session?: boolean }[];
}
const budgets = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../tools/bench/budgets.json'), 'utf8')) as Budgets;
const budgetKB = (label: string) => budgets.jsKB[label] ?? budgets.jsKB['default']!;
// V8's explicit compile hint, which the builds put at the head of every chunk (compileHints, tools/vite/plugins.ts).
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

// One confirmed account per worker (registering is the slow part); each logged-in page gets its own session, as
// /logout ends the one it is opened with. The token link's #fragments are one document: measured once.
const weightTest = test.extend<object, { account: { email: string; link: string } }>({
  account: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = process.env.E2E_BASE_URL!;
      const request = await playwright.request.newContext();
      const email = `weight-${workerInfo.workerIndex}-${Date.now()}@example.com`;
      await confirmedAccount(request, baseURL, email);
      await request.dispose();
      await use({ email, link: preferenceLink(email) });
    },
    { scope: 'worker' },
  ],
});
const measured = budgets.pages.filter((page, index, pages) => pages.findIndex((other) => other.path.split('#')[0] === page.path.split('#')[0]) === index);

weightTest.describe('page weight', () => {
  for (const { label, path: route, session } of measured) {
    weightTest(`${label}: first load within ${budgetKB(label)} KB of JavaScript gzipped`, async ({ page, baseURL, account }) => {
      if (session) await logInThroughApi(page, baseURL!, account.email);
      const scripts: Promise<{ gzipped: number; unhinted?: string }>[] = [];
      let metadataRequests = 0;
      const onResponse = (response: Response) => {
        if (response.request().resourceType() === 'script') {
          scripts.push(
            response.body().then((body) => ({
              gzipped: gzipSync(body, { level: 9 }).length,
              unhinted: body.toString('utf8', 0, COMPILE_HINT.length) === COMPILE_HINT ? undefined : new URL(response.url()).pathname,
            })),
          );
        }
        if (new URL(response.url()).pathname === '/rest/v1/metadata') metadataRequests++;
      };
      page.on('response', onResponse);
      await page.goto(route.replace('{link}', account.link));
      // A quiet network alone can come before the first chunk has run and asked for the page's code (a busy
      // machine): the page counts once its heading shows and the network is quiet after it.
      await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
      // The tokenless preference centre holds a request open for a while; what it loads by then is its first load.
      await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => {});
      page.off('response', onResponse);
      const loaded = await Promise.all(scripts);
      const kb = loaded.reduce((sum, script) => sum + script.gzipped, 0) / 1024;
      weightTest.info().annotations.push({ type: 'JavaScript gzipped', description: `${kb.toFixed(1)} KB (budget ${budgetKB(label)} KB)` });
      console.log(`page weight ${label}: ${kb.toFixed(1)} KB of JavaScript gzipped (budget ${budgetKB(label)} KB)`);
      expect(kb, `${label}: JavaScript of the first load, KB gzipped`).toBeLessThanOrEqual(budgetKB(label));
      expect(kb, 'no script loaded: the measure would pass whatever the page weighs').toBeGreaterThan(50);
      // The HTML preloads metadata (tools/vite/plugins.ts); a second request means the app's fetch did not take it.
      expect(metadataRequests, 'requests for metadata (the app takes the preloaded answer)').toBe(1);
      // Each chunk asks V8 to compile it off the main thread while it loads (compileHints in tools/vite/plugins.ts).
      expect(loaded.flatMap((script) => script.unhinted ?? []), 'scripts without the compile hint as their first line').toEqual([]);
    });
  }
});
