// Runs Lighthouse (mobile profile: a mid-range phone on a throttled connection, Lighthouse's default) over a
// list of pages and prints one table row per page: performance score, cumulative layout shift, largest
// contentful paint, total blocking time, and the JavaScript transferred.
//
// Usage: node tools/bench/lighthouse.mjs [--max-cls 0.02] [--runs N] URL [URL...]
//   Each URL is a full address (query and #fragment included); `--runs` takes the median of N runs per page.
//   With --max-cls the exit code is 1 when any page shifts more than that.
// Chromium: CHROME_PATH (default /usr/bin/chromium), as on the project's machines (TOOLCHAIN.md).
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const args = process.argv.slice(2);
let maxCls;
let runs = 1;
const urls = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--max-cls') maxCls = Number(args[++i]);
  else if (args[i] === '--runs') runs = Math.max(1, Number(args[++i]));
  else urls.push(args[i]);
}
if (urls.length === 0) {
  console.error('usage: node tools/bench/lighthouse.mjs [--max-cls 0.02] [--runs N] URL [URL...]');
  process.exit(2);
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];
try {
  for (const url of urls) {
    const samples = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const { audits, categories } = result.lhr;
      const scripts = (audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script');
      samples.push({
        score: Math.round((categories.performance.score ?? 0) * 100),
        cls: audits['cumulative-layout-shift'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        js: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      });
    }
    const pick = (key) => median(samples.map((sample) => sample[key]));
    rows.push({ url, score: pick('score'), cls: pick('cls'), lcp: pick('lcp'), tbt: pick('tbt'), js: pick('js') });
  }
} finally {
  await chrome.kill();
}

const shown = (url) => {
  const u = new URL(url);
  // Link tokens are long and secret-like: shortened in the table.
  const pathname = u.pathname.replace(/(\/token\/)[^/]{12,}/, '$1…');
  return (pathname + u.search + u.hash).slice(0, 48);
};
console.log(`${'page'.padEnd(48)}  perf    CLS     LCP ms  TBT ms  JS KB (transferred)`);
let over = false;
for (const row of rows) {
  const flag = maxCls !== undefined && row.cls > maxCls ? `  OVER ${maxCls}` : '';
  if (flag) over = true;
  console.log(
    `${shown(row.url).padEnd(48)}  ${String(row.score).padStart(4)}  ${row.cls.toFixed(3).padStart(6)}  ${Math.round(row.lcp).toString().padStart(7)}  ${Math.round(row.tbt).toString().padStart(6)}  ${(row.js / 1024).toFixed(1).padStart(6)}${flag}`,
  );
}
process.exit(over ? 1 : 0);
