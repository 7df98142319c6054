// npm run bench:abuse (issue 18): the figures of the abuse and edge cases, against the production
// build in APP_DIR (default: here), so the same script measures a build before and after a change:
//   APP_DIR=/path/to/old/checkout npm run bench:abuse    (that checkout built with npm run build)
// 1. sign-ups from one client, each with another X-Forwarded-For (limit 10 an hour);
// 2. contact messages, the same way (limit 5 an hour);
// 3. guest bookings from one address, each with its own e-mail (limit 5 an hour);
// 4. 30 simultaneous password-reset requests from one address on PostgreSQL (limit 20 an hour;
//    needs LOAD_DATABASE_URL, a throwaway database is made from it);
// 5. book-appointment's answer time with an SMTP server that accepts and never answers;
// 6. the home page's requests per second (autocannon, 50 connections, BENCH_SECONDS, default 10).
// Prints one table; exits 0 (figures, not a pass/fail gate: the tests hold the limits).
import autocannon from 'autocannon';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signupBody } from '../tests/system/security/actors';
import { book, catalogIds, chooseSlot, fetchSlots, guestContact, spacedSlots, walkToSlots } from '../tests/system/support/booking';
import { createScratchDatabase, generatedSecrets } from '../tests/system/support/scratchDatabase';
import { appDir, startServer, type AppServer } from '../tests/system/support/server';
import { formatTable, type Row } from '../tests/system/support/table';

const PORT = Number(process.env.BENCH_PORT ?? 3430);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROOT = path.join(tmpdir(), 'bench-abuse');
const SERVICE = 'individual-consultation';
const REASON = 'Weight management';
const rows: Row[] = [];
const runId = Date.now().toString(36);

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return response.status;
}

const tally = (statuses: number[]) =>
  Object.entries(statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {}))
    .map(([status, n]) => `${n}x${status}`)
    .join(' ');
const rotating = (i: number) => ({ 'X-Forwarded-For': `198.51.100.${i + 1}` });

/** Guests booking one after another from this machine, each with its own e-mail: how many get booked. */
async function guestBookings(server: AppServer, count: number): Promise<string> {
  const ids = await catalogIds(server.url, SERVICE, REASON);
  const outcomes: string[] = [];
  for (let i = 0; i < count; i++) {
    try {
      const t = await walkToSlots(server.url, { contact: guestContact(`bench-${runId}-${i}`), ...ids });
      const slots = spacedSlots(await fetchSlots(server.url, t), 90);
      const target = slots[slots.length - 1 - i];
      if (!target || (await chooseSlot(server.url, t, target.date, target.slot)).status !== 200) throw new Error('no slot');
      outcomes.push(String((await book(server.url, t)).status));
    } catch (error) {
      outcomes.push(/answered (\d{3})/.exec(String(error))?.[1] ?? 'error');
    }
  }
  return `${outcomes.filter((s) => s === '200').length} of ${count} booked (${outcomes.join(' ')})`;
}

async function embeddedFigures(): Promise<void> {
  const dataDir = path.join(ROOT, 'embedded');
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer({ port: PORT, dataDir });
  try {
    const signups: number[] = [];
    for (let i = 0; i < 13; i++) signups.push(await postJson(`${server.url}/api/auth/signup`, signupBody(`bench-${runId}-${i}@example.com`, 'a long and private passphrase'), rotating(i)));
    rows.push({ figure: '13 sign-ups, rotating X-Forwarded-For (limit 10/h)', result: tally(signups) });
    const contacts: number[] = [];
    for (let i = 0; i < 8; i++) {
      const body = { name: 'Essai', email: `bench-${runId}-${i}@example.com`, subject: 'Bonjour', message: 'Un message de mesure, sans plus.', consent: true, website: '' };
      contacts.push(await postJson(`${server.url}/api/contact`, body, rotating(i)));
    }
    rows.push({ figure: '8 contact messages, rotating X-Forwarded-For (limit 5/h)', result: tally(contacts) });
    rows.push({ figure: '8 guest bookings from one address (limit 5/h)', result: await guestBookings(server, 8) });
    // The home page, as a first visitor's browser asks for it.
    const result = await autocannon({ url: `${server.url}/`, connections: 50, duration: SECONDS, headers: { 'accept-language': 'en' } });
    rows.push({ figure: `GET / (home), 50 connections x ${SECONDS} s`, result: `${Math.round(result.requests.average)} rps, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}` });
  } finally {
    await server.stop();
  }
}

async function silentSmtpFigure(): Promise<void> {
  const silent: Server = createServer(() => undefined); // accepts, never says a word
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const smtpPort = (silent.address() as { port: number }).port;
  const dataDir = path.join(ROOT, 'silent-smtp');
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer({ port: PORT + 1, dataDir, env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
  try {
    const ids = await catalogIds(server.url, SERVICE, REASON);
    const t = await walkToSlots(server.url, { contact: guestContact(`bench-silent-${runId}`), ...ids });
    const [target] = spacedSlots(await fetchSlots(server.url, t), 90).slice(-1);
    if (!target || (await chooseSlot(server.url, t, target.date, target.slot)).status !== 200) throw new Error('no slot to book');
    const started = performance.now();
    const status = (await book(server.url, t)).status;
    rows.push({ figure: 'book-appointment with a silent SMTP server', result: `${Math.round(performance.now() - started)} ms (status ${status})` });
  } finally {
    await server.kill(); // a server waiting on SMTP would hold a graceful stop
    silent.close();
  }
}

async function resetRaceFigure(serverUrl: string): Promise<void> {
  const scratch = await createScratchDatabase(serverUrl, 'clinic_bench_abuse');
  const dataDir = path.join(ROOT, 'postgres');
  rmSync(dataDir, { recursive: true, force: true });
  try {
    const server = await startServer({ port: PORT + 2, dataDir, env: { DATABASE_URL: scratch.url, SEED_DEMO: '1', ...generatedSecrets() } });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => postJson(`${server.url}/api/auth/password-reset`, { email: `nobody-${runId}-${i}@example.com` })),
      );
      rows.push({ figure: '30 simultaneous password resets, one address, PostgreSQL (limit 20/h)', result: tally(statuses) });
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
}

async function main(): Promise<void> {
  await embeddedFigures();
  await silentSmtpFigure();
  const serverUrl = process.env.LOAD_DATABASE_URL;
  if (serverUrl) await resetRaceFigure(serverUrl);
  else rows.push({ figure: '30 simultaneous password resets on PostgreSQL', result: 'not run: set LOAD_DATABASE_URL' });
  console.log(`\nAbuse and edges, build in ${appDir}\n`);
  console.log(formatTable(rows));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
