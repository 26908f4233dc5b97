import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A running `portal serve` on a free port with a fresh database (SQLite, or PostgreSQL with E2E_POSTGRES_URL). */
export interface PortalServer {
  baseURL: string;
  /** The server's database, for commands such as `portal link` that read it (`sqlite:/tmp/…/portal.db`). */
  databaseURL: string;
  /** The folder of the database (and of a portal.yaml); a later service may start on it again. */
  dir: string;
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** Start on the database of an earlier service (its `dir`) instead of a fresh one; the folder is kept. */
  dir?: string;
  /** The content of a portal.yaml for settings the environment cannot express (lists of objects). */
  config?: string;
}

/** The service binary the tests start (and run commands of). */
export const binary = process.env.PORTAL_BIN ?? path.resolve(import.meta.dirname, '../../bin/portal');

/**
 * Starts the real service binary the way an operator would, on port 0 so parallel runs never collide, and reads
 * the address it prints once it listens.
 */
export async function startPortal(extraEnv: Record<string, string> = {}, options: StartOptions = {}): Promise<PortalServer> {
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const databaseURL = databaseIn(dir);
  // The service reads portal.yaml from its working folder.
  if (options.config !== undefined) writeFileSync(path.join(dir, 'portal.yaml'), options.config);
  const child: ChildProcess = spawn(binary, ['serve', '--http-addr', '127.0.0.1:0', '--database-url', databaseURL], {
    cwd: dir,
    env: { ...process.env, PORTAL_LOG_LEVEL: 'warn', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseURL = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`portal did not start within 30 s:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Portal is running at (http:\/\/[^\s/]+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!); // localhost, the service's public URL: mail links open the tests' origin
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`portal exited with ${code} before it listened:\n${output}`));
    });
  });
  return {
    baseURL,
    databaseURL,
    dir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dir) removeServiceDir(dir);
    },
  };
}

/**
 * The database of a service folder: an SQLite file in it, or with E2E_POSTGRES_URL (a server's admin URL, e.g.
 * postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable) a PostgreSQL database of its own, created for the
 * folder and named in it, so a service started again on the folder (StartOptions.dir) finds its data there too.
 */
function databaseIn(dir: string): string {
  const admin = process.env.E2E_POSTGRES_URL;
  if (!admin) return `sqlite:${path.join(dir, 'portal.db')}`;
  const marker = path.join(dir, 'postgres-url');
  if (existsSync(marker)) return readFileSync(marker, 'utf8');
  const name = `portal_e2e_${randomBytes(6).toString('hex')}`;
  execFileSync('psql', [admin, '-qc', `CREATE DATABASE ${name}`]);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  writeFileSync(marker, url.toString());
  return url.toString();
}

/** Removes a service folder a test kept (StartOptions.dir) with its database: the PostgreSQL one too. */
export function removeServiceDir(dir: string) {
  const admin = process.env.E2E_POSTGRES_URL;
  const marker = path.join(dir, 'postgres-url');
  if (admin && existsSync(marker)) {
    const name = new URL(readFileSync(marker, 'utf8')).pathname.slice(1);
    execFileSync('psql', [admin, '-qc', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
  }
  rmSync(dir, { recursive: true, force: true });
}
