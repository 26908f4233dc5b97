import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A running `portal serve` on a free port with a fresh SQLite database. */
export interface PortalServer {
  baseURL: string;
  /** The server's database, for commands such as `portal link` that read it (`sqlite:/tmp/…/portal.db`). */
  databaseURL: string;
  stop: () => Promise<void>;
}

/** The service binary the tests start (and run commands of). */
export const binary = process.env.PORTAL_BIN ?? path.resolve(import.meta.dirname, '../../bin/portal');

/**
 * Starts the real service binary the way an operator would, on port 0 so parallel runs never collide, and reads
 * the address it prints once it listens.
 */
export async function startPortal(extraEnv: Record<string, string> = {}): Promise<PortalServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const databaseURL = `sqlite:${path.join(dir, 'portal.db')}`;
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
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
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
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
