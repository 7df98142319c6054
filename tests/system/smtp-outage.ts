// npm run test:smtp-outage: the e-mail queue while the SMTP server is away. A booking's e-mails
// are queued in its transaction and sent in the background (lib/server/email/queue.ts), so:
// 1. SMTP down (nothing listens on SMTP_URL's port): a French guest's booking still answers 200
//    at once; a real SMTP server (support/smtpSink.mjs) comes up 1 s later, and the job runner's
//    retry delivers the confirmation and the dietitian's notice exactly once each.
// 2. Silent SMTP (accepts the connection, never greets): the booking, a page and
//    /api/services/all still answer within 2 s while the send hangs; after the greeting timeout
//    (10 s) the confirmation is still in the queue, 'pending', with its error noted.
// One server (embedded database, fresh data dir under the system's temp folder, job runner every
// 2 s) for both phases: the SMTP port is the same, only what listens on it changes.
// Run from the repository: APP_DIR=<built app> tsx --conditions react-server tests/system/smtp-outage.ts
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../lib/server/db/client';
import { book, catalogIds, chooseSlot, fetchSlots, guestContact, listSlots, walkToSlots, type Caller } from './support/booking';
import { startServer, type AppServer } from './support/server';
import { formatTable, type Row } from './support/table';

const SERVICE = 'individual-consultation';
const REASON = 'Weight management';
const FRENCH: Caller = { locale: 'fr' }; // session language fr: the guest's e-mails are in French
const PROMPT_MS = 2_000; // an answer that waited on SMTP would take 10 s or more
// The first retry MAIL_RETRY_SECONDS after the failed try (30 s by default; 5 s here), then twice that, ...
const RETRY_SECONDS = 5;
const DELIVERY_TIMEOUT_MS = 30_000;
const GREETING_WAIT_MS = 12_000; // the mailer's greeting timeout (10 s), and some
const CONFIRMED = 'Rendez-vous confirmé';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface Received {
  rcpt: string[];
  subject: string;
  at: number;
}

/** The real SMTP server, in a child process; resolves once it listens. */
async function startSink(port: number) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'support/smtpSink.mjs'), String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const received: Received[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as { ready?: boolean; rcpt: string[]; subject: string };
      if (message.ready) resolve();
      else received.push({ rcpt: message.rcpt, subject: message.subject, at: Date.now() });
    });
    void exited.then(() => reject(new Error('the SMTP sink exited before listening')));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  await ready.catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { received, stop };
}

/** A TCP server that accepts connections and never writes a byte: an SMTP server hung before its greeting. */
async function startSilent(port: number) {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A French guest walks the booking API and books the latest free slot; the answer is timed. */
async function frenchGuestBooks(server: AppServer, tag: string) {
  const contact = guestContact(tag);
  const t = await walkToSlots(server.url, { caller: FRENCH, contact, ...(await catalogIds(server.url, SERVICE, REASON)) });
  const target = listSlots(await fetchSlots(server.url, t, FRENCH)).at(-1); // weeks ahead: no reminder gets in the way
  if (!target || (await chooseSlot(server.url, t, target.date, target.slot, FRENCH)).status !== 200) throw new Error(`${tag}: no free slot to book`);
  const startedAt = Date.now();
  const answer = await book(server.url, t, FRENCH);
  const ms = Date.now() - startedAt;
  if (answer.status !== 200) throw new Error(`${tag}: book-appointment answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 300)}`);
  return { email: contact.email, name: `${contact.firstName} ${contact.lastName}`, ms, answeredAt: Date.now() };
}

/** GET, timed: status and milliseconds. */
async function timedGet(url: string) {
  const startedAt = Date.now();
  const response = await fetch(url, { redirect: 'manual' });
  await response.arrayBuffer();
  return { status: response.status, ms: Date.now() - startedAt };
}

/** POST JSON, timed: status and milliseconds. */
async function timedPost(url: string, body: unknown) {
  const startedAt = Date.now();
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Accept-Language': 'fr' }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return { status: response.status, ms: Date.now() - startedAt };
}

/** The other requests that cause e-mail (sign-up, reset, contact), while SMTP is silent. */
async function otherMailRequests(baseUrl: string) {
  const tag = Date.now().toString(36);
  const address = { streetNumber: '45', streetName: 'Rue Laurier', unitNumber: '', city: 'Gatineau', province: 'QC', postalCode: 'J8X 3V8', country: 'CA' };
  return {
    signup: await timedPost(`${baseUrl}/api/auth/signup`, {
      password: 'a long and private passphrase',
      preferred_language: 'fr',
      contact: { firstName: 'Bérénice', lastName: 'Ouellet', email: `silence-${tag}@example.test`, phone: '613 555 0177', createAccount: true },
      address,
    }),
    reset: await timedPost(`${baseUrl}/api/auth/password-reset`, { email: `silence-${tag}@example.test` }),
    contact: await timedPost(`${baseUrl}/api/contact`, {
      name: 'Bérénice Ouellet', email: `silence-${tag}@example.test`, subject: 'Bonjour', message: 'Une question sur vos heures.', consent: true, website: '',
    }),
  };
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'smtp-outage-'));
  const smtpPort = await freePort();
  const cleanups: (() => Promise<unknown>)[] = []; // run in reverse order, also on error
  const problems: string[] = [];
  const rows: Row[] = [];
  try {
    const env = { JOBS_INTERVAL_SECONDS: '2', MAIL_RETRY_SECONDS: String(RETRY_SECONDS), SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
    const server = await startServer({ port: await freePort(), dataDir, env });
    cleanups.push(() => server.stop());

    // 1. SMTP down: book, then bring a real SMTP server up on the port 1 s later.
    const down = await frenchGuestBooks(server, 'smtp-down');
    await sleep(1_000);
    const sink = await startSink(smtpPort);
    cleanups.push(() => sink.stop());
    const upAt = Date.now();
    const confirmations = () => sink.received.filter((m) => m.rcpt.includes(down.email) && m.subject.startsWith(CONFIRMED));
    const notices = () => sink.received.filter((m) => !m.rcpt.includes(down.email) && m.subject.includes(down.name));
    while (confirmations().length === 0 && Date.now() - upAt < DELIVERY_TIMEOUT_MS) await sleep(250);
    const deliveredAt = confirmations()[0]?.at;
    // A few more runs of the job runner (every 2 s): a second copy would show up now.
    await sleep(6_000);
    await sink.stop();
    if (deliveredAt === undefined) problems.push(`SMTP down: no confirmation within ${DELIVERY_TIMEOUT_MS / 1000} s of the SMTP server coming up`);
    if (confirmations().length > 1) problems.push(`SMTP down: ${confirmations().length} copies of the confirmation`);
    if (notices().length !== 1) problems.push(`SMTP down: ${notices().length} dietitian notices (expected 1)`);
    if (down.ms >= PROMPT_MS) problems.push(`SMTP down: book-appointment took ${down.ms} ms`);

    // 2. Silent SMTP: the booking and other requests while the send hangs before the greeting.
    const silent = await startSilent(smtpPort);
    cleanups.push(() => silent.close());
    const stuck = await frenchGuestBooks(server, 'smtp-silent');
    const page = await timedGet(`${server.url}/fr`);
    const services = await timedGet(`${server.url}/api/services/all`);
    const others = await otherMailRequests(server.url);
    for (const [name, answer] of Object.entries(others)) {
      if (answer.status >= 300 || answer.ms >= PROMPT_MS) problems.push(`silent SMTP: ${name} answered ${answer.status} in ${answer.ms} ms`);
    }
    const hanging = silent.connections(); // connections the mailer opened (and waits on) by now
    if (stuck.ms >= PROMPT_MS) problems.push(`silent SMTP: book-appointment took ${stuck.ms} ms (it waited on SMTP?)`);
    if (page.status !== 200 || page.ms >= PROMPT_MS) problems.push(`silent SMTP: GET /fr answered ${page.status} in ${page.ms} ms`);
    if (services.status !== 200 || services.ms >= PROMPT_MS) problems.push(`silent SMTP: GET /api/services/all answered ${services.status} in ${services.ms} ms`);
    if (hanging === 0) problems.push('silent SMTP: the mailer never connected to the silent server (nothing was stuck)');
    await sleep(Math.max(0, stuck.answeredAt + GREETING_WAIT_MS - Date.now())); // let the greeting time out
    await server.stop(); // the embedded database is locked while the server runs
    await silent.close();

    // What the queue says of each booking's confirmation.
    type QueueRow = { status: string; attempts: number; last_error: string | null };
    const handle = await openDatabase({ dataDir });
    const queued = async (email: string) =>
      (await handle.db.execute<QueueRow>(sql`SELECT status, attempts, last_error FROM mail_queue WHERE recipient = ${email} AND subject LIKE ${`${CONFIRMED}%`}`)).rows;
    let downRows: QueueRow[] = [];
    let stuckRows: QueueRow[] = [];
    try {
      downRows = await queued(down.email);
      stuckRows = await queued(stuck.email);
    } finally {
      await handle.close();
    }
    const [downRow] = downRows;
    const [stuckRow] = stuckRows;
    if (downRows.length !== 1 || downRow?.status !== 'sent') problems.push(`SMTP down: queue rows of the confirmation: ${JSON.stringify(downRows)} (expected one, sent)`);
    if (stuckRows.length !== 1 || stuckRow?.status !== 'pending' || !stuckRow.last_error) {
      problems.push(`silent SMTP: queue rows of the confirmation: ${JSON.stringify(stuckRows)} (expected one, pending, with last_error)`);
    }

    rows.push(
      {
        phase: 'SMTP down, then up',
        'book ms': down.ms,
        'GET /fr ms': '-',
        'services/all ms': '-',
        'sign-up/reset/contact ms': '-',
        'up -> delivered s': deliveredAt === undefined ? 'never' : ((deliveredAt - upAt) / 1000).toFixed(1),
        confirmations: confirmations().length,
        notices: notices().length,
        'SMTP conns': '-',
        'queue row': downRow?.status ?? 'missing',
        tries: downRow?.attempts ?? '-',
        'last error': downRow?.last_error ?? '-',
      },
      {
        phase: 'silent SMTP',
        'book ms': stuck.ms,
        'GET /fr ms': page.ms,
        'services/all ms': services.ms,
        'sign-up/reset/contact ms': `${others.signup.ms}/${others.reset.ms}/${others.contact.ms}`,
        'up -> delivered s': '-',
        confirmations: '-',
        notices: '-',
        'SMTP conns': hanging,
        'queue row': stuckRow?.status ?? 'missing',
        tries: stuckRow?.attempts ?? '-',
        'last error': stuckRow?.last_error ?? '-',
      },
    );
  } catch (error) {
    console.error(`Stopped by an error; server log: ${path.join(dataDir, 'server.log')}`);
    throw error;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('cleanup:', error));
  }

  console.log('\nE-mail while the SMTP server is down or silent (a French guest books; job runner every 2 s)\n');
  console.log(formatTable(rows));
  console.log(`\nTotal ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  if (problems.length > 0) {
    console.error(`\nFAILED (server log: ${path.join(dataDir, 'server.log')}):\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  rmSync(dataDir, { recursive: true, force: true });
  console.log('\nThe bookings never waited on SMTP, nothing was lost, and nothing was sent twice.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
