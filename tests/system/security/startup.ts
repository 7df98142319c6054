import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { startServer } from '../support/server';
import { Section } from './report';

/** The start's warning (scripts/start.mjs): e-mail links name localhost while SITE_URL is unset. */
const WARNING = /\[server\] WARNING: SITE_URL is not set, so the links in e-mails .* point to http:\/\/localhost:(\d+)\b/;

/**
 * Issue 27, no silent localhost in production: `npm start` with SITE_URL unset on a server others
 * reach (HOSTNAME unset: every interface) warns at start, naming the origin its e-mail links use;
 * bound to the loopback address it says nothing. The loopback case is this run's own server
 * (started with SITE_URL unset, bound to 127.0.0.1): only the other needs a start of its own, on
 * a free port and a fresh data directory.
 */
export async function runStartup(options: { mainLog: string; dataRoot: string; runId: string }): Promise<Section> {
  const section = new Section('start-up');
  const quiet = readFileSync(options.mainLog, 'utf8');
  section.check(/\[server\] ready on http:\/\/127\.0\.0\.1:/.test(quiet), `the run's own server is not the loopback one: ${quiet.slice(0, 300)}`);
  section.check(!WARNING.test(quiet) && !/SITE_URL/.test(quiet), `bound to 127.0.0.1, the start still warned about SITE_URL: ${quiet.slice(0, 400)}`);

  const port = await freePort();
  const dataDir = path.join(options.dataRoot, `startup-${options.runId}`);
  const started = Date.now();
  const server = await startServer({ port, dataDir, hostname: '', env: { SITE_URL: '' } });
  await server.stop();
  const log = readFileSync(path.join(dataDir, 'server.log'), 'utf8');
  const warning = WARNING.exec(log);
  section.check(warning !== null, `every interface, SITE_URL unset: no warning at start: ${log.slice(0, 400)}`);
  section.check(warning?.[1] === String(port), `the warning names port ${warning?.[1]}, not the server's ${port}`);
  // Said before the server is ready, so nobody reads "ready" without it.
  section.check(warning !== null && log.indexOf(warning[0]) < log.indexOf('[server] ready'), 'the warning comes after "ready"');
  section.note(`start-up: a server on every interface without SITE_URL started and stopped in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (section.failed === 0 && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  return section;
}

/** A TCP port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
