// Loads pages in Chromium like a first-time visitor and prints the JavaScript and CSS they load, gzipped.
// Usage: node tools/bench/page-weight.mjs BASE_URL PATH [PATH...]   (fails when a page exceeds its budget)
// Each page is loaded as a German visitor (the product's default language) and as an English one, because a
// visitor whose language differs from German also loads the German texts shown before metadata arrives.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';

const [base, ...paths] = process.argv.slice(2);
// Budgets by path prefix: the login page, and the preference centre opened from a link (issue 12: 150 KB).
const budgets = { '/login': { js: 120 * 1024 }, '/preferences/token/': { js: 150 * 1024 }, '/preferences': { js: 150 * 1024 } };
const budgetOf = (path) => budgets[Object.keys(budgets).filter((prefix) => path.startsWith(prefix)).sort((a, b) => b.length - a.length)[0]];
// Link tokens are long and secret-like: shortened in the output.
const shown = (path) => path.replace(/(\/token\/)[^/?#]{12,}/, '$1…');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
let overBudget = false;
for (const path of paths) for (const locale of ['de-DE', 'en-GB']) {
  const page = await browser.newPage({ locale });
  const bodies = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') bodies.push(response.body().then((body) => ({ type, bytes: gzipSync(body, { level: 9 }).length })));
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const loaded = await Promise.all(bodies);
  const sum = (type) => loaded.filter((r) => r.type === type).reduce((total, r) => total + r.bytes, 0);
  const js = sum('script');
  const css = sum('stylesheet');
  const budget = budgetOf(path);
  const verdict = budget ? (js <= budget.js ? `within ${budget.js / 1024} KB` : `OVER ${budget.js / 1024} KB`) : '';
  if (budget && js > budget.js) overBudget = true;
  console.log(`page ${shown(path).padEnd(28)} ${locale}  JS ${(js / 1024).toFixed(1).padStart(6)} KB gz   CSS ${(css / 1024).toFixed(1).padStart(5)} KB gz   ${verdict}`);
  await page.close();
}
await browser.close();
process.exit(overBudget ? 1 : 0);
