// Starts and stops production servers (`npm start`: scripts/start.mjs) for the system scripts
// (security, load, crash, Lighthouse). They run the production build in `APP_DIR` (default: the
// current directory), so `npm run build` must have run there first. They listen on the loopback
// address only, as behind a reverse proxy (issue 14: Next alone answered 307 loops there).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, closeSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface AppServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Ends the server gracefully (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Ends the server at once, as a crash would (SIGKILL), and waits for it to exit. */
  kill(): Promise<void>;
}

export interface StartOptions {
  port: number;
  /** The data directory (embedded database, outbox, generated secrets); created when missing. */
  dataDir: string;
  /** Extra environment: DATABASE_URL, APP_SECRET, JOBS_INTERVAL_SECONDS, ... */
  env?: Record<string, string>;
  /** Where the server's output goes (appended); default `<dataDir>/server.log`. */
  logFile?: string;
  /** How long to wait for `/api/build` to answer. */
  timeoutMs?: number;
  /** The address to listen on (HOSTNAME); default the loopback address. */
  hostname?: string;
}

export const appDir = path.resolve(process.env.APP_DIR ?? process.cwd());

/**
 * Node's flags in `npm start` (package.json), such as the V8 heap's cap (issue #29): the scripts
 * start the server as `npm start` does, without npm's own process in between.
 */
export function serverNodeFlags(dir = appDir): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

export async function startServer(options: StartOptions): Promise<AppServer> {
  const { port, env = {}, timeoutMs = 120_000, hostname = '127.0.0.1' } = options;
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const log = openSync(options.logFile ?? path.join(dataDir, 'server.log'), 'a');
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [...serverNodeFlags(), path.join(appDir, 'scripts/start.mjs')], {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOSTNAME: hostname,
      DATA_DIR: dataDir,
      SITE_URL: url,
      // No reminder e-mails in the middle of a measurement unless a script asks for them.
      JOBS_INTERVAL_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: AppServer = {
    url,
    port,
    dataDir,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  await waitUntilUp(server, exited, timeoutMs);
  return server;
}

async function waitUntilUp(server: AppServer, exited: Promise<void>, timeoutMs: number) {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server on port ${server.port} exited early; see ${server.dataDir}/server.log`);
    try {
      const res = await fetch(`${server.url}/api/build`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.kill();
  throw new Error(`the server on port ${server.port} did not answer within ${timeoutMs} ms`);
}
