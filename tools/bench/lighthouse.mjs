// Runs Lighthouse (mobile profile: a mid-range phone on a throttled connection, Lighthouse's default) over every
// route of both apps and prints one table row per page: performance and accessibility scores, cumulative layout
// shift, total blocking time, largest contentful paint and the JavaScript transferred. Rows under a target of
// tools/bench/budgets.json (the same file the size check of `make test` reads) are flagged, and the exit code is 1.
//
// Usage: node tools/bench/lighthouse.mjs [--runs N] [--only SUBSTRING] BASE_URL PREFERENCE_CENTRE_LINK_PATH
//   The account pages need a session: an account is registered, confirmed through the development outbox
//   (/dev/outbox) and logged in through the identity API, as the browser client would; its cookie goes along with
//   Lighthouse's requests for those pages. `--runs` takes the median of N runs per page; `--only` measures the
//   pages whose label contains the substring (while working on one page).
// Chromium: CHROME_PATH (default /usr/bin/chromium), as on the project's machines (TOOLCHAIN.md).
import { readFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const budgets = JSON.parse(readFileSync(new URL('./budgets.json', import.meta.url), 'utf8'));
const target = budgets.lighthouse;

const args = process.argv.slice(2);
let runs = 1;
let only = '';
const positional = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Math.max(1, Number(args[++i]));
  else if (args[i] === '--only') only = args[++i];
  else positional.push(args[i]);
}
const [base, centre] = positional;
if (!base || !centre) {
  console.error('usage: node tools/bench/lighthouse.mjs [--runs N] [--only SUBSTRING] BASE_URL PREFERENCE_CENTRE_LINK_PATH');
  process.exit(2);
}

// Every route of both apps (budgets.json), the account pages logged in; /logout last, as it ends the session.
const pages = budgets.pages
  .map((page) => ({ ...page, path: page.path.replace('{link}', centre) }))
  .filter((page) => page.label.includes(only))
  .sort((a, b) => Number(a.path === '/logout') - Number(b.path === '/logout'));

const PASSWORD = 'Geheim12!x';

/** A call of the identity API as the browser client makes it; answers the JSON and the Set-Cookie headers. */
async function identityCall(method, body, cookie = '') {
  const response = await fetch(`${base}/identity/accounts.${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { answer: await response.json(), cookies: response.headers.getSetCookie() };
}

/** A confirmed account with a session: answers the Cookie header that carries the session. */
async function session() {
  const email = `bench-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const init = await identityCall('initRegistration', {});
  const registered = await identityCall('register', {
    email,
    password: PASSWORD,
    regToken: init.answer.regToken,
    profile: { firstName: 'Erika', lastName: 'Muster' },
    preferences: { terms: { customeraccount: { isConsentGranted: true } } },
    finalizeRegistration: true,
    lang: 'de',
  });
  if (registered.answer.errorCode !== 206002) throw new Error(`bench account: register answered ${registered.answer.errorCode}`);
  let link;
  for (let attempt = 0; attempt < 50 && !link; attempt++) {
    const mails = await (await fetch(`${base}/dev/outbox?to=${encodeURIComponent(email)}`)).json();
    link = mails.find((mail) => mail.kind === 'verification')?.links[0];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!link) throw new Error('bench account: no verification mail in /dev/outbox');
  const verified = new URL(link);
  await fetch(`${base}${verified.pathname}${verified.search}`);
  const login = await identityCall('login', { loginID: email, password: PASSWORD });
  if (login.answer.errorCode !== 0) throw new Error(`bench account: login answered ${login.answer.errorCode}`);
  return login.cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

const cookie = pages.some((page) => page.session) ? await session() : '';

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];
try {
  for (const page of pages) {
    const samples = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${base}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: page.session ? { Cookie: cookie } : undefined,
      });
      const { audits, categories, finalDisplayedUrl } = result.lhr;
      const scripts = (audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script');
      samples.push({
        perf: Math.round((categories.performance.score ?? 0) * 100),
        a11y: Math.round((categories.accessibility.score ?? 0) * 100),
        cls: audits['cumulative-layout-shift'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        js: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
        landed: new URL(finalDisplayedUrl).pathname,
      });
    }
    const pick = (key) => median(samples.map((sample) => sample[key]));
    rows.push({ ...page, perf: pick('perf'), a11y: pick('a11y'), cls: pick('cls'), tbt: pick('tbt'), lcp: pick('lcp'), js: pick('js'), landed: samples[0].landed });
  }
} finally {
  await chrome.kill();
}

// Link tokens are long and secret-like: never printed.
const shownLanded = (row) => (row.landed === new URL(`${base}${row.path}`).pathname ? '' : `  (shows ${row.landed.replace(/(\/token\/)[^/]+/, '$1…')})`);
console.log(`targets: performance >= ${target.performance}, accessibility >= ${target.accessibility}, CLS <= ${target.cls}, TBT <= ${target.tbtMs} ms`);
console.log(`${'page'.padEnd(36)}  perf  a11y     CLS  TBT ms  LCP ms  JS KB`);
let under = false;
for (const row of rows) {
  const misses = [
    row.perf < target.performance && 'perf',
    row.a11y < target.accessibility && 'a11y',
    row.cls > target.cls && 'CLS',
    row.tbt > target.tbtMs && 'TBT',
  ].filter(Boolean);
  if (misses.length > 0) under = true;
  console.log(
    `${row.label.padEnd(36)}  ${String(row.perf).padStart(4)}  ${String(row.a11y).padStart(4)}  ${row.cls.toFixed(3).padStart(6)}  ${Math.round(row.tbt).toString().padStart(6)}  ${Math.round(row.lcp).toString().padStart(6)}  ${(row.js / 1024).toFixed(1).padStart(5)}${misses.length ? `  UNDER TARGET: ${misses.join(', ')}` : ''}${shownLanded(row)}`,
  );
}
process.exit(under ? 1 : 0);
