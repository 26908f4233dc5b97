/**
 * @jest-environment node
 */
// The identity contract against the embedded provider of the real Go service (bin/portal), through the http
// adapter. The binary is started on a temporary SQLite file; a cookie jar plays the browser. If the binary is
// missing or does not answer /identity/accounts.getSchema with an envelope, one failing test says so: the
// lead builds the binary before this target runs (PORTAL_BIN overrides its path).
//
// What the in-memory fake does by hand, the real service does through its development aids: time passes through
// the development clock (PORTAL_DEV_CLOCK_ENABLED, POST /dev/clock), a social login runs the browser flow
// against the development OIDC issuer (/dev/oidc/{provider}/authorize), and a newsletter subscriber's regToken
// comes from `portal link` and the preference centre's token exchange.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHttpProvider } from '../adapters/http';
import { confirmMailLink } from '../mail-link';
import type { SocialProviderName } from '../types';
import { describeIdentityContract, type ContractMail, type ContractMailKind, type ContractSocialIdentity } from './contract-suite';

const portalBin = process.env.PORTAL_BIN ?? path.resolve(__dirname, '../../../../bin/portal');
const RUNNING_LINE = /Portal is running at (http:\/\/localhost:\d+)\//;

const probe = probePortal(portalBin);

if (!probe.ok) {
  describe(`identity contract: embedded provider over HTTP — ${probe.title}`, () => {
    it(probe.title, () => {
      throw new Error(probe.message);
    });
  });
} else {
  let server: ChildProcess | undefined;
  let baseUrl = '';
  let databaseUrl = '';
  let dir = '';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'identity-contract-'));
    databaseUrl = `sqlite:${path.join(dir, 'p.db')}`;
    const started = await startPortal(portalBin, databaseUrl);
    server = started.child;
    baseUrl = started.baseUrl;
  }, 60_000);

  afterAll(() => {
    server?.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  describeIdentityContract(
    'embedded provider over HTTP (bin/portal)',
    async () => {
      const browserFetch = cookieJarFetch(baseUrl, nextClientAddress());
      // What the tester types into the development issuer's form next, per provider; none means "cancel".
      const socialIdentities = new Map<SocialProviderName, SocialIdentity>();
      return {
        provider: createHttpProvider({
          baseUrl,
          fetch: browserFetch,
          navigate: () => undefined,
          followSocialLogin: (startUrl) => followSocialLogin(browserFetch, baseUrl, startUrl, socialIdentities),
        }),
        helpers: {
          lastMail: (to, kind) => lastOutboxMail(baseUrl, to, kind),
          openLink: (link) => openLink(browserFetch, baseUrl, link),
          disableAccount: async (email) => {
            await runPortal(portalBin, ['accounts', 'disable', email, '--database-url', databaseUrl]);
          },
          advanceTime: (ms) => advanceClock(baseUrl, ms),
          setSocialIdentity: async (provider, identity) => {
            if (identity) socialIdentities.set(provider, identity);
            else socialIdentities.delete(provider);
          },
          subscriberRegToken: (email) => subscriberRegToken(browserFetch, baseUrl, email),
          // The service's public URL is http://localhost:PORT: its host name is the relying-party id.
          relyingParty: () => ({ rpId: new URL(baseUrl).hostname, origin: baseUrl }),
        },
      };
    },
    { timeTravel: true, social: true, liteAccounts: true, ownData: true, passkeys: true },
  );

  /**
   * The preference centre's way in: a signed link from `portal link`, exchanged for a regToken. The command stamps
   * the link on the wall clock, while the time-travel cases move the service's clock on by weeks (its links age on
   * it): the longest lifetime the service allows keeps the link valid there.
   */
  async function subscriberRegToken(browserFetch: typeof fetch, base: string, email: string): Promise<string> {
    const printed = await runPortal(portalBin, ['link', '--email', email, '--lifetime', '8784h', '--database-url', databaseUrl]);
    const link = /https?:\/\/\S+/.exec(printed)?.[0];
    const jwt = link && new URL(link).pathname.split('/').filter(Boolean).at(-1);
    if (!jwt) throw new Error(`portal link printed no link: ${printed}`);
    const response = await browserFetch(`${base}/rest/v1/subscriber/regToken/jwt`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ jwt }).toString(),
    });
    const body = (await response.json()) as { regToken?: string };
    if (!response.ok || !body.regToken) throw new Error(`POST /rest/v1/subscriber/regToken/jwt answered ${response.status}: ${JSON.stringify(body)}`);
    return body.regToken;
  }
}

// ---- the service ----

type Probe = { ok: true } | { ok: false; title: string; message: string };

/** Starts the binary once, synchronously (describe blocks cannot wait), and asks it for the schema. */
function probePortal(bin: string): Probe {
  if (!existsSync(bin)) {
    return {
      ok: false,
      title: 'portal binary not built',
      message: `No portal binary at ${bin}. Build it: cd services/api && CGO_ENABLED=0 go build -o ../../bin/portal ./cmd/portal (or set PORTAL_BIN).`,
    };
  }
  const script = `
    const { spawn } = require('node:child_process');
    const fs = require('node:fs'); const os = require('node:os'); const path = require('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-probe-'));
    const child = spawn(${JSON.stringify(bin)}, ['serve', '--http-addr', '127.0.0.1:0', '--database-url', 'sqlite:' + path.join(dir, 'p.db'), '--log-level', 'warn'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    const done = (result) => { child.kill('SIGTERM'); fs.rmSync(dir, { recursive: true, force: true }); process.stdout.write(JSON.stringify(result)); process.exit(0); };
    const timer = setTimeout(() => done({ ok: false, reason: 'did not print "Portal is running at" within 20 s', out, err }), 20000);
    child.stderr.on('data', (d) => { err += d; });
    child.on('exit', (code) => done({ ok: false, reason: 'exited with code ' + code + ' before answering', out, err }));
    child.stdout.on('data', async (d) => {
      out += d;
      const m = ${RUNNING_LINE.toString()}.exec(out);
      if (!m) return;
      clearTimeout(timer);
      try {
        const res = await fetch(m[1] + '/identity/accounts.getSchema', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: m[1] }, body: '{}' });
        const text = await res.text();
        let body; try { body = JSON.parse(text); } catch { body = undefined; }
        if (body && typeof body.errorCode === 'number') done({ ok: true });
        else done({ ok: false, reason: 'POST /identity/accounts.getSchema answered ' + res.status + ' without an envelope: ' + text.slice(0, 200) });
      } catch (e) { done({ ok: false, reason: 'POST /identity/accounts.getSchema failed: ' + e.message }); }
    });
  `;
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 30_000 });
  let parsed: { ok: boolean; reason?: string; err?: string } | undefined;
  try {
    parsed = JSON.parse(result.stdout) as typeof parsed;
  } catch {
    parsed = undefined;
  }
  if (parsed?.ok) return { ok: true };
  return {
    ok: false,
    title: 'portal binary does not answer the identity contract',
    message: `${bin} is not usable for the contract suite: ${parsed?.reason ?? result.stderr ?? 'probe failed'}${
      parsed?.err ? `\nstderr: ${parsed.err.slice(0, 500)}` : ''
    }`,
  };
}

function startPortal(bin: string, databaseUrl: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['serve', '--http-addr', '127.0.0.1:0', '--database-url', databaseUrl, '--log-level', 'warn'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // The development clock lets the time-travel cases move the service's time (POST /dev/clock). The test's
      // own address is the trusted proxy of every case's client address (cookieJarFetch).
      env: { ...process.env, PORTAL_DEV_CLOCK_ENABLED: 'true', PORTAL_HTTP_TRUSTEDPROXIES: '127.0.0.1/32,::1/128' },
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`portal did not start within 30 s\n${err}`)), 30_000);
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => reject(new Error(`portal exited with ${code}\n${err}`)));
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const match = RUNNING_LINE.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, baseUrl: match[1] });
      }
    });
  });
}

/** Runs a portal subcommand; answers what it printed on stdout. */
function runPortal(bin: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { timeout: 20_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`portal ${args.join(' ')} failed: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** Moves the service's development clock forward (`POST /dev/clock`, mounted with PORTAL_DEV_CLOCK_ENABLED). */
async function advanceClock(baseUrl: string, ms: number): Promise<void> {
  const response = await fetch(`${baseUrl}/dev/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: baseUrl },
    body: JSON.stringify({ advanceSeconds: ms / 1000 }),
  });
  if (!response.ok) throw new Error(`POST /dev/clock answered ${response.status}: ${await response.text()}`);
}

// ---- the browser's part ----

let clients = 0;

/**
 * A client address of each case's own, from the benchmarking range 198.18.0.0/15: each case is a client of its own
 * to the service's limits per client address, as each case's fake is, and none is the machine itself, which
 * development leaves out of the limits (identity.embedded.mailLimits.exemptLoopback).
 */
function nextClientAddress(): string {
  clients += 1;
  return `198.18.${Math.floor(clients / 256) % 256}.${clients % 256}`;
}

/**
 * Node's fetch keeps no cookies: this one does, and sends the Origin the CSRF check expects. It forwards for the
 * client address (X-Forwarded-For; the development aids under /dev/ answer only the machine itself).
 */
function cookieJarFetch(origin: string, clientAddress: string): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    headers.set('Origin', origin);
    const path = new URL(input instanceof Request ? input.url : input.toString()).pathname;
    if (!path.startsWith('/dev/')) headers.set('X-Forwarded-For', clientAddress);
    const response = await fetch(input, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=(0|-\d+)\s*$/i.test(a)) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
}

interface OutboxMail {
  id?: number;
  to?: string;
  kind?: string;
  text?: string;
  links?: string[];
}

const KIND_PATTERNS: Record<ContractMailKind, RegExp> = {
  verification: /verif|confirm-?e?mail|registration|activation/i,
  'password-reset': /reset|password/i,
  'double-opt-in': /opt-?in|doi|subscription/i,
};

/** The newest mail of a kind in the service's development outbox (`GET /dev/outbox?to=`). */
async function lastOutboxMail(baseUrl: string, to: string, kind: ContractMailKind): Promise<ContractMail | undefined> {
  const response = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /dev/outbox answered ${response.status}`);
  const body = (await response.json()) as OutboxMail[] | { messages?: OutboxMail[]; mails?: OutboxMail[]; items?: OutboxMail[] };
  const mails = Array.isArray(body) ? body : (body.messages ?? body.mails ?? body.items ?? []);
  const matching = mails
    .filter((m) => KIND_PATTERNS[kind].test(m.kind ?? ''))
    .sort((a, b) => (b.id ?? 0) - (a.id ?? 0));
  const mail = matching[0];
  if (!mail) return undefined;
  const links = mail.links?.length ? mail.links : (mail.text?.match(/https?:\/\/[^\s<>"]+/g) ?? []);
  for (const link of links) {
    const token = tokenOf(link);
    if (token) return { link, token };
  }
  return undefined;
}

function tokenOf(link: string): string | undefined {
  const url = new URL(link);
  for (const name of ['pwrt', 'token', 'code', 'verificationToken', 'passwordResetToken']) {
    const value = url.searchParams.get(name);
    if (value) return value;
  }
  const last = url.pathname.split('/').filter(Boolean).at(-1);
  return last && last.length >= 16 ? last : undefined;
}

/** Follows a mail link the way the browser would, through the service's redirects, to the app route it lands on. */
async function openLink(browserFetch: typeof fetch, baseUrl: string, link: string): Promise<string> {
  let url = new URL(link);
  url = new URL(`${url.pathname}${url.search}`, baseUrl); // the link names the public URL; the test talks to this port
  for (let hop = 0; hop < 5; hop += 1) {
    const response = await browserFetch(url.toString(), { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return `${url.pathname}${url.search}`;
    const next = new URL(location, url);
    // A mail link lands on its page with the token in the fragment; the page posts it back (confirmMailLink).
    const landed = [...new URLSearchParams(next.hash.slice(1)).values()][0];
    if (landed) return confirmMailLink(new URL(url.pathname, baseUrl).toString(), landed, browserFetch);
    if (!/^\/(identity|dev)\//.test(next.pathname)) return `${next.pathname}${next.search}`;
    url = new URL(`${next.pathname}${next.search}`, baseUrl);
  }
  throw new Error(`too many redirects following ${link}`);
}

// ---- social login through the development issuer ----

type SocialIdentity = ContractSocialIdentity;

/**
 * What the browser does for a social login: start at the service, land on the development issuer's sign-in
 * form, submit it (or cancel when no identity is set for the provider), and follow the callback back to the
 * service, which redirects to redirectURL with the answer in the query. Answers that last redirect's target.
 */
async function followSocialLogin(
  browserFetch: typeof fetch,
  baseUrl: string,
  startUrl: string,
  identities: ReadonlyMap<SocialProviderName, SocialIdentity>,
): Promise<string> {
  const local = (location: string, from: URL) => {
    const next = new URL(location, from);
    return new URL(`${next.pathname}${next.search}`, baseUrl); // the service names its public URL; the test talks to this port
  };
  // 1. The service keeps the login state in a cookie and sends the browser to the provider (302), or refuses before
  // the provider and sends it back to redirectURL with the answer (303: a name that is no provider).
  const start = new URL(startUrl, baseUrl);
  const toIssuer = await browserFetch(start.toString(), { redirect: 'manual' });
  const authorizeLocation = toIssuer.headers.get('location');
  if ((toIssuer.status !== 302 && toIssuer.status !== 303) || !authorizeLocation) {
    throw new Error(`social start answered ${toIssuer.status}, not a redirect to the provider or back to the app`);
  }
  const authorize = local(authorizeLocation, start);
  if (!authorize.pathname.startsWith('/dev/oidc/')) return `${authorize.pathname}${authorize.search}`; // refused before the provider

  // 2. The development issuer's sign-in page: a form whose hidden fields carry the authorisation request.
  const page = await browserFetch(authorize.toString(), { redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`${authorize.pathname} answered ${page.status}: ${html.slice(0, 300)}`);
  const form = /<form method="post" action="([^"]+)"/.exec(html);
  if (!form?.[1]) throw new Error(`${authorize.pathname} shows no sign-in form`);
  const fields = new URLSearchParams();
  for (const input of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(input[1] ?? '', decodeHtml(input[2] ?? ''));
  }
  const provider = authorize.pathname.split('/')[3] as SocialProviderName;
  const identity = identities.get(provider);
  if (identity) {
    fields.set('email', identity.email);
    fields.set('firstName', identity.firstName ?? '');
    fields.set('lastName', identity.lastName ?? '');
    // An unchecked box is not sent at all.
    if (identity.emailVerified !== false) fields.set('emailVerified', 'on');
    fields.set('action', 'login');
  } else {
    fields.set('action', 'cancel');
  }

  // 3. Submitting sends the browser back to the service's callback with a code (or error=access_denied).
  const action = new URL(decodeHtml(form[1]), authorize);
  const submitted = await browserFetch(action.toString(), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
  });
  const callbackLocation = submitted.headers.get('location');
  if (submitted.status < 300 || submitted.status >= 400 || !callbackLocation) {
    throw new Error(`the sign-in form answered ${submitted.status}: ${(await submitted.text()).slice(0, 300)}`);
  }

  // 4. The callback exchanges the code, sets the session cookie on success and redirects to redirectURL.
  const callback = local(callbackLocation, action);
  const back = await browserFetch(callback.toString(), { redirect: 'manual' });
  const landing = back.headers.get('location');
  if (back.status < 300 || back.status >= 400 || !landing) throw new Error(`the social callback answered ${back.status}, not a redirect`);
  const landed = new URL(landing, callback);
  return `${landed.pathname}${landed.search}`;
}

/** Undoes html/template's escaping of attribute values. */
function decodeHtml(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
