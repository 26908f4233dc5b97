/**
 * @jest-environment node
 */
// The identity contract against the embedded provider of the real Go service (bin/portal), through the http
// adapter. The binary is started on a temporary SQLite file; a cookie jar plays the browser. If the binary is
// missing or does not answer /identity/accounts.getSchema with an envelope, one failing test says so: the
// lead builds the binary before this target runs (PORTAL_BIN overrides its path).
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHttpProvider } from '../adapters/http';
import { describeIdentityContract, type ContractMail, type ContractMailKind } from './contract-suite';

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
      const browserFetch = cookieJarFetch(baseUrl);
      return {
        provider: createHttpProvider({ baseUrl, fetch: browserFetch, navigate: () => undefined }),
        helpers: {
          lastMail: (to, kind) => lastOutboxMail(baseUrl, to, kind),
          openLink: (link) => openLink(browserFetch, baseUrl, link),
          disableAccount: (email) => runPortal(portalBin, ['accounts', 'disable', email, '--database-url', databaseUrl]),
          advanceTime: async () => {
            throw new Error('time travel is not possible against the real service');
          },
          setSocialIdentity: async () => {
            throw new Error('social login needs the browser flow against the development issuer');
          },
          subscriberRegToken: async () => {
            throw new Error('no subscriber token exchange helper for the real service yet');
          },
        },
      };
    },
    // Time travel cannot be done against a running service; social login and lite accounts need flows
    // (development OIDC issuer, signed preference-centre JWT) this suite does not drive yet.
    { timeTravel: false, social: false, liteAccounts: false },
  );
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

function runPortal(bin: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { timeout: 20_000 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`portal ${args.join(' ')} failed: ${error.message}\n${stderr}`));
      else resolve();
    });
  });
}

// ---- the browser's part ----

/** Node's fetch keeps no cookies: this one does, and sends the Origin the CSRF check expects. */
function cookieJarFetch(origin: string): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    headers.set('Origin', origin);
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
    if (!/^\/(identity|dev)\//.test(next.pathname)) return `${next.pathname}${next.search}`;
    url = new URL(`${next.pathname}${next.search}`, baseUrl);
  }
  throw new Error(`too many redirects following ${link}`);
}
