// What a route's long tasks are made of: loads one route in Chromium with the CPU slowed, records Chromium's trace
// and prints every main-thread task over 50 ms with the trace events that fill it (script evaluation, V8's parsing
// and source-position collection, layout, garbage collection), so a blocking time in the Lighthouse table can be
// taken apart. The tab is driven through Playwright, which, like Lighthouse, enables DevTools' Runtime domain;
// `--lighthouse-categories` records with the stack-capturing trace categories Lighthouse adds, which cost time of
// their own. How the README's "Where DevTools' own cost sits" was found.
//
// usage: node tools/bench/trace-tasks.mjs [--cpu-slowdown N] [--lighthouse-categories] BASE_URL PATH
//   PATH is a route of budgets.json (an account page gets a fresh session, as in lighthouse.mjs) or any other path,
//   e.g. a preference-centre link.
import { chromium } from 'playwright';
import { budgets } from './pages.mjs';
import { benchSession, browserCookies } from './session.mjs';

const args = process.argv.slice(2);
let slowdown = 4;
let lighthouseCategories = false;
const positional = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--cpu-slowdown') slowdown = Number(args[++i]);
  else if (args[i] === '--lighthouse-categories') lighthouseCategories = true;
  else positional.push(args[i]);
}
const [base, path] = positional;
if (!base || !path || !(slowdown >= 1)) {
  console.error('usage: node tools/bench/trace-tasks.mjs [--cpu-slowdown N] [--lighthouse-categories] BASE_URL PATH');
  process.exit(2);
}

// V8's compile events show the parsing that source positions need; Lighthouse's own list adds the stack captures.
const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-v8.compile'];
if (lighthouseCategories) {
  categories.push(
    'disabled-by-default-devtools.timeline.stack',
    'disabled-by-default-devtools.v8-source-rundown',
    'disabled-by-default-devtools.v8-source-rundown-sources',
  );
}
const LONG_TASK_US = 50_000;

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
let events;
try {
  const context = await browser.newContext();
  if (budgets.pages.some((page) => page.session && page.path === path)) {
    await context.addCookies(browserCookies(await benchSession(base), base));
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await browser.startTracing(page, { categories });
  await page.goto(`${base}${path}`, { waitUntil: 'load' });
  // Long enough for the data a page asks for after its load, and the render that follows.
  await page.waitForTimeout(3_000);
  events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
} finally {
  await browser.close();
}

// The renderer's main thread: the thread named CrRendererMain of the process that loaded the page.
const mainThreads = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
const onMain = (e) => mainThreads.has(`${e.pid}:${e.tid}`) && e.ph === 'X';
// A loop, not Math.min(...): a trace with the stack categories holds more events than a call takes arguments.
const start = events.reduce((first, e) => (e.ts > 0 && e.ts < first ? e.ts : first), Infinity);
const tasks = events.filter((e) => onMain(e) && e.name === 'RunTask' && e.dur > LONG_TASK_US).sort((a, b) => a.ts - b.ts);
const ms = (us) => Math.round(us / 1000);
// Link tokens are long and secret-like: never printed (as in pages.mjs).
const masked = (url) => url.replace(/(\/token\/)[^/#?]+/, '$1…');

console.log(`${masked(path)}: CPU slowdown ${slowdown}x, ${lighthouseCategories ? "Lighthouse's" : 'compile'} trace categories; main-thread tasks over 50 ms, each with the events inside it (ms, nested events counted in each enclosing one)`);
for (const task of tasks) {
  const totals = new Map();
  const scripts = new Set();
  for (const e of events) {
    if (e === task || e.pid !== task.pid || e.tid !== task.tid || e.ph !== 'X' || e.ts < task.ts || e.ts + (e.dur ?? 0) > task.ts + task.dur) continue;
    totals.set(e.name, (totals.get(e.name) ?? 0) + (e.dur ?? 0));
    const url = e.args?.data?.url;
    if (url) scripts.add(masked(url).replace(/^.*\//, ''));
  }
  const inside = [...totals].filter(([, dur]) => dur >= 1000).sort((a, b) => b[1] - a[1]).slice(0, 10);
  console.log(`at ${ms(task.ts - start)} ms, ${ms(task.dur)} ms${scripts.size ? ` [${[...scripts].slice(0, 4).join(' ')}]` : ''}`);
  console.log(`  ${inside.map(([name, dur]) => `${name} ${ms(dur)}`).join(', ')}`);
}
