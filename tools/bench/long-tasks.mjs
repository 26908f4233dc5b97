// The main thread of every route's first load as a shopper's browser runs it: Chromium slowed to a phone's CPU,
// every long task (over 50 ms) from the navigation until three seconds after the load event, read by the page's own
// PerformanceObserver. Lighthouse cannot show this: it drives Chromium through the DevTools protocol with the
// Runtime domain on, and then V8 records a detailed stack, line numbers included, for every error a script creates,
// which costs this product's first load some 20 ms of unslowed CPU (React DOM's start; README, Lighthouse) that a
// shopper's browser never spends. This script speaks the protocol itself and enables only what a load needs (a new
// tab, the CPU slowdown, the observer's script); the result comes back through the tab's title. `--with-runtime`
// enables the Runtime domain as well, to show the difference.
//
// usage: node tools/bench/long-tasks.mjs [--runs N] [--only SUBSTRING] [--cpu-slowdown N] [--with-runtime] BASE_URL PREFERENCE_CENTRE_LINK_PATH
import WebSocket from 'ws';
import { benchPages, budgets, landedNote, launchChrome, median, sessionLost } from './pages.mjs';
import { benchSession, browserCookies } from './session.mjs';

const targetMs = budgets.lighthouse.tbtMs;

const args = process.argv.slice(2);
let runs = 3;
let only = '';
let slowdown = 4;
let withRuntime = false;
const positional = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Math.max(1, Number(args[++i]));
  else if (args[i] === '--only') only = args[++i];
  else if (args[i] === '--cpu-slowdown') slowdown = Number(args[++i]);
  else if (args[i] === '--with-runtime') withRuntime = true;
  else positional.push(args[i]);
}
const [base, centre] = positional;
if (!base || !centre || !(slowdown >= 1)) {
  console.error('usage: node tools/bench/long-tasks.mjs [--runs N] [--only SUBSTRING] [--cpu-slowdown N] [--with-runtime] BASE_URL PREFERENCE_CENTRE_LINK_PATH');
  process.exit(2);
}
const pages = benchPages(centre, only);

// Installed before the page's own scripts: collects the long tasks, and three seconds after the load event hands
// them over, with the path the page ended on, through the title.
const OBSERVER = `(() => {
  const tasks = [];
  new PerformanceObserver((list) => { for (const task of list.getEntries()) tasks.push(Math.round(task.duration)); }).observe({ type: 'longtask', buffered: true });
  addEventListener('load', () => setTimeout(() => { document.title = 'LONG-TASKS ' + JSON.stringify({ tasks, landed: location.pathname }); }, 3000));
})();`;

const chrome = await launchChrome();

/** The browser's DevTools connection: commands and their answers, by id (the Page domain's events are not needed). */
async function connect(port) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let lastId = 0;
  const waiting = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    const answer = waiting.get(message.id);
    if (!answer) return;
    waiting.delete(message.id);
    if (message.error) answer.reject(new Error(`${answer.method}: ${message.error.message}`));
    else answer.resolve(message.result);
  });
  const send = (method, params = {}, sessionId = undefined) =>
    new Promise((resolve, reject) => {
      const id = ++lastId;
      waiting.set(id, { resolve, reject, method });
      socket.send(JSON.stringify({ id, method, params, sessionId }));
    });
  return { send, close: () => socket.close() };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One load of url in a new tab: its long tasks and the path it ended on. */
async function load(cdp, url) {
  const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank' });
  try {
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: true });
    // The Page domain runs the observer's script in every new document; it has no part in how scripts run.
    await cdp.send('Page.enable', {}, sessionId);
    if (withRuntime) await cdp.send('Runtime.enable', {}, sessionId);
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: OBSERVER }, sessionId);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown }, sessionId);
    await cdp.send('Page.navigate', { url }, sessionId);
    for (let waited = 0; waited < 60_000; waited += 250) {
      await sleep(250);
      const { targetInfo } = await cdp.send('Target.getTargetInfo', { targetId });
      if (targetInfo.title.startsWith('LONG-TASKS ')) return JSON.parse(targetInfo.title.slice('LONG-TASKS '.length));
    }
    throw new Error(`${url}: no result within a minute`);
  } finally {
    await cdp.send('Target.closeTarget', { targetId });
  }
}

const cdp = await connect(chrome.port);
const rows = [];
try {
  // One account for the logged-in pages; a page that ends its session (/logout) gets a session of its own each run.
  const shared = pages.some((page) => page.session) ? await benchSession(base) : [];
  // A fresh browser's first loads are slower (its caches, fonts and code are cold): one load, not counted.
  await load(cdp, `${base}/login`);
  for (const page of pages) {
    const samples = [];
    for (let run = 0; run < runs; run++) {
      await cdp.send('Storage.clearCookies');
      if (page.session) {
        const session = page.endsSession ? await benchSession(base) : shared;
        await cdp.send('Storage.setCookies', { cookies: browserCookies(session, base) });
      }
      const { tasks, landed } = await load(cdp, `${base}${page.path}`);
      samples.push({ blocking: tasks.reduce((sum, ms) => sum + ms - 50, 0), longest: Math.max(0, ...tasks), landed });
    }
    rows.push({ ...page, blocking: median(samples.map((s) => s.blocking)), longest: median(samples.map((s) => s.longest)), landed: samples[0].landed });
  }
} finally {
  cdp.close();
  await chrome.kill();
}

console.log(
  `CPU slowdown ${slowdown}x, Runtime domain ${withRuntime ? 'ON (as Lighthouse runs it)' : 'off (as a shopper’s browser runs)'}, median of ${runs} loads; ` +
    `blocking = every long task's time past 50 ms, navigation to load + 3 s (target: ${targetMs} ms, Lighthouse's blocking-time target)`,
);
console.log(`${'page'.padEnd(36)}  blocking ms  longest task ms`);
let over = false;
for (const row of rows) {
  const lost = sessionLost(row, row.landed);
  const miss = row.blocking > targetMs;
  over ||= miss || lost;
  const verdict = lost ? '  SESSION LOST: measured the login page' : miss ? '  OVER TARGET' : '';
  console.log(`${row.label.padEnd(36)}  ${String(row.blocking).padStart(11)}  ${String(row.longest || 'none').padStart(15)}${verdict}${landedNote(base, row)}`);
}
process.exit(over ? 1 : 0);
