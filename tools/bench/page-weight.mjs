// Loads every route of both apps (tools/bench/budgets.json) in Chromium like a first-time visitor and prints the
// JavaScript and CSS each loads, gzipped, beside the route's budget. The same measure as the size check of
// `make test` (apps/e2e/tests/page-weight.spec.ts); exits 1 when a route is over its budget.
// Usage: node tools/bench/page-weight.mjs BASE_URL PREFERENCE_CENTRE_LINK_PATH
// Each page is loaded as a German visitor (the product's default language); /login also as an English one, whose
// texts are other files.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { budgets, sessionLost } from './pages.mjs';
import { benchSession } from './session.mjs';

const budgetKB = (label) => budgets.jsKB[label] ?? budgets.jsKB.default;
const targetKB = (label) => budgets.jsTargetKB[label] ?? budgets.jsTargetKB.default;
const [base, centre] = process.argv.slice(2);
if (!base || !centre) {
  console.error('usage: node tools/bench/page-weight.mjs BASE_URL PREFERENCE_CENTRE_LINK_PATH');
  process.exit(2);
}
const cookies = (await benchSession(base)).map((cookie) => ({ ...cookie, url: base }));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const visits = budgets.pages.flatMap((page) => (page.label === '/login' ? ['de-DE', 'en-GB'] : ['de-DE']).map((locale) => ({ ...page, locale })));
let overBudget = false;
console.log(`${'page'.padEnd(36)}  language  JS KB gz  CSS KB gz  budget  target`);
for (const { label, path, session, endsSession, locale } of visits) {
  const context = await browser.newContext({ locale });
  if (session) await context.addCookies(cookies);
  const page = await context.newPage();
  const bodies = [];
  const onResponse = (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') bodies.push(response.body().then((body) => ({ type, bytes: gzipSync(body, { level: 9 }).length })));
  };
  page.on('response', onResponse);
  await page.goto(base + path.replace('{link}', centre));
  // A quiet network alone can come before the first chunk has run and asked for the page's code (a busy machine):
  // the page counts once its heading shows and the network is quiet after it.
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  // The tokenless preference centre holds a request open for a while; what it loads by then is its first load.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  page.off('response', onResponse);
  const loaded = await Promise.all(bodies);
  const kb = (type) => loaded.filter((r) => r.type === type).reduce((total, r) => total + r.bytes, 0) / 1024;
  const over = kb('script') > budgetKB(label);
  // Measured from 127.0.0.1, the account pages once went to localhost without the session and weighed the login.
  const lost = sessionLost({ session, endsSession }, new URL(page.url()).pathname);
  if (over || lost) overBudget = true;
  const verdict = lost ? '  SESSION LOST: measured the login page' : over ? '  OVER BUDGET' : kb('script') > targetKB(label) ? '  over target' : '';
  console.log(`${label.padEnd(36)}  ${locale}  ${kb('script').toFixed(1).padStart(8)}  ${kb('stylesheet').toFixed(1).padStart(9)}  ${String(budgetKB(label)).padStart(6)}  ${String(targetKB(label)).padStart(6)}${verdict}`);
  await context.close();
}
await browser.close();
process.exit(overBudget ? 1 : 0);
