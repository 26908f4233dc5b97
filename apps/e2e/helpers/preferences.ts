import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

/** An address no other test (or worker) uses, so parallel tests never share an account. */
export function uniqueEmail(prefix = 'pc'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * A preference centre link for `email`, made by `portal link` against the database of the service global-setup
 * started; answers the path `/preferences/token/{jwt}` (the printed origin is the configured public URL).
 */
export function preferenceLink(email: string, options: { lifetime?: string; databaseURL?: string } = {}): string {
  const binary = process.env.PORTAL_BIN;
  const databaseURL = options.databaseURL ?? process.env.E2E_DATABASE_URL;
  if (!binary || !databaseURL) throw new Error('PORTAL_BIN and E2E_DATABASE_URL are not set: global-setup did not start the portal');
  const args = ['link', '--email', email, '--database-url', databaseURL];
  if (options.lifetime) args.push('--lifetime', options.lifetime);
  // The command's "valid until" note goes to its stderr: kept out of the test report (a failure's error carries it).
  const printed = execFileSync(binary, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PORTAL_LOG_LEVEL: 'warn' } }).trim();
  const url = new URL(printed.split('\n').at(-1)!.trim());
  if (!url.pathname.startsWith('/preferences/token/')) throw new Error(`portal link printed an unexpected link: ${printed}`);
  return url.pathname;
}

/** One mail of the development outbox. */
export interface OutboxMail {
  to: string;
  subject?: string;
  kind?: string;
  links: string[];
  [field: string]: unknown;
}

/** The newest mails to `to` from `GET /dev/outbox`, polled until `match` finds one (or the time is up). */
export async function waitForMail(request: APIRequestContext, to: string, match: (mail: OutboxMail) => boolean, timeoutMs = 10_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
    if (response.ok()) {
      const body = (await response.json()) as OutboxMail[] | { mails?: OutboxMail[]; messages?: OutboxMail[] };
      const mails = Array.isArray(body) ? body : (body.mails ?? body.messages ?? []);
      const found = mails.find(match);
      if (found) return found;
    }
    if (Date.now() > deadline) throw new Error(`no matching mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Runs a `portal` subcommand against a service's database (e.g. `seed`, `import-stores`); answers its output. */
export function portalCommand(databaseURL: string, args: string[], input?: string): string {
  const binary = process.env.PORTAL_BIN;
  if (!binary) throw new Error('PORTAL_BIN is not set: global-setup did not run');
  // Go's flag parsing stops at the first argument that is not a flag: the database flag goes right after the command.
  const [command, ...rest] = args;
  return execFileSync(binary, [command!, '--database-url', databaseURL, ...rest], {
    encoding: 'utf8',
    input,
    env: { ...process.env, PORTAL_LOG_LEVEL: 'warn' },
  });
}
