// npm run bench:waitlist (issue 16): the waitlist's figures, against the production build in APP_DIR
// (default: here), through the HTTP API as the site's users reach it.
// 1. On one server with the embedded database (PGlite): a guest waits for the day of a booked
//    visit; the visit is cancelled from its e-mailed link; how long until the offer e-mail is in
//    the outbox, against the job interval (JOBS_INTERVAL_SECONDS, default 300 s).
// 2. The same server: 20 simultaneous claims of one offer link, and 20 entries offered one time
//    (by the clinic's page) claiming it at once: bookings made and refusals, by status and code.
// 3. With LOAD_DATABASE_URL: the same two races on two servers sharing one PostgreSQL database
//    (a throwaway database made from it), the claims alternating between the servers; and 20
//    guests booking the last 3 seats of a group session at once across the two (issue #28).
// Prints one table; exits 1 unless every race ends with exactly one booking and 19 clear refusals
// (the seats' race: exactly 3 seats and 17 refusals).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { book, catalogIds, chooseSlot, fetchSlots, guestContact, post, signIn, slotStepTokens, spacedSlots, walkToSlots, type Slot, type Tokens } from '../tests/system/support/booking';
import { createScratchDatabase, generatedSecrets } from '../tests/system/support/scratchDatabase';
import { startServer, type AppServer } from '../tests/system/support/server';
import { formatTable, type Row } from '../tests/system/support/table';
import { Client } from 'pg';

const PORT = Number(process.env.BENCH_PORT ?? 3440);
const ROOT = path.join(tmpdir(), 'bench-waitlist');
const SERVICE = 'individual-consultation';
const REASON = 'Weight management';
const CLAIMS = 20;
const DIETITIAN = { email: 'dietitian@demo.equilibrenutrition.ca', password: 'demo dietitian password 2026' };
const runId = Date.now().toString(36);
const rows: Row[] = [];
const failures: string[] = [];
// Joins, guest bookings and claims all come from this machine: the per-address limits are lifted.
const LIMITS = { GUEST_BOOKING_LIMIT_PER_HOUR: '1000000', GUEST_UPCOMING_PER_EMAIL: '1000000', WAITLIST_JOINS_PER_HOUR: '1000000' };

const TOKEN = '([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])';
/** The newest e-mail to `to` in the servers' outboxes whose subject matches; its text. */
function mailTo(servers: AppServer[], to: string, subject: RegExp): string | undefined {
  const found = servers.flatMap((server) => {
    const dir = path.join(server.dataDir, 'outbox');
    let names: string[] = [];
    try {
      names = readdirSync(dir).filter((name) => name.endsWith('.json') && !name.startsWith('.'));
    } catch {
      return [];
    }
    return names.map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { to: string; subject: string; text: string; date?: string });
  });
  const matches = found.filter((m) => String(m.to).toLowerCase().includes(to.toLowerCase()) && subject.test(m.subject));
  return matches.sort((a, b) => String(a.date).localeCompare(String(b.date))).at(-1)?.text;
}
async function waitForMail(servers: AppServer[], to: string, subject: RegExp, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = mailTo(servers, to, subject);
    if (text) return text;
    if (Date.now() > deadline) throw new Error(`no e-mail "${subject.source}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const tokenIn = (text: string, page: string) => new RegExp(`/${page}#${TOKEN}`).exec(text)?.[1] ?? '';

const tally = (answers: { status: number; code?: string }[]) =>
  Object.entries(answers.reduce<Record<string, number>>((acc, a) => {
    const key = a.status === 200 ? '200' : `${a.status} ${a.code ?? ''}`.trim();
    return { ...acc, [key]: (acc[key] ?? 0) + 1 };
  }, {}))
    .map(([key, n]) => `${n}x${key}`)
    .join(', ');

interface Setup {
  servers: AppServer[];
  ids: { serviceId: number; skillIds: number[] };
  /** Free times far apart, latest first: each race takes its own. */
  slots: { date: string; slot: Slot }[];
}

async function setUp(servers: AppServer[]): Promise<Setup> {
  const ids = await catalogIds(servers[0]!.url, SERVICE, REASON);
  const scout = await walkToSlots(servers[0]!.url, { contact: guestContact(`scout-${runId}`), ...ids });
  const slots = spacedSlots(await fetchSlots(servers[0]!.url, scout), 24 * 60).reverse();
  return { servers, ids, slots };
}

/** A guest walks to the date step on `server`; answers the tokens. */
const walk = (setup: Setup, server: AppServer, tag: string) => walkToSlots(server.url, { contact: guestContact(tag), ...setup.ids });

async function join(server: AppServer, t: Tokens, date: string): Promise<void> {
  const body = { ...slotStepTokens(t), from_date: date, to_date: date, times_of_day: ['morning', 'afternoon', 'evening'], weekdays: [1, 2, 3, 4, 5, 6, 7] };
  const answer = await post(server.url, '/api/booking/waitlist/join', body);
  if (answer.status !== 201) throw new Error(`join answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 200)}`);
}

/** Books `target` as a guest; answers the e-mail address (its confirmation holds the manage link). */
async function bookAsGuest(setup: Setup, server: AppServer, target: { date: string; slot: Slot }, tag: string): Promise<string> {
  const contact = guestContact(tag);
  const t = await walkToSlots(server.url, { contact, ...setup.ids });
  await fetchSlots(server.url, t);
  if ((await chooseSlot(server.url, t, target.date, target.slot)).status !== 200) throw new Error('the chosen time is not free');
  const booked = await book(server.url, t);
  if (booked.status !== 200) throw new Error(`book answered ${booked.status}`);
  return contact.email;
}

async function claimAll(servers: AppServer[], tokens: string[]) {
  const answers = await Promise.all(tokens.map((token, i) => post(servers[i % servers.length]!.url, '/api/booking/waitlist/claim', { token })));
  return answers.map((a) => ({ status: a.status, code: typeof a.json.code === 'string' ? a.json.code : undefined }));
}

function judge(label: string, answers: { status: number; code?: string }[], refusal: string) {
  const won = answers.filter((a) => a.status === 200).length;
  const refused = answers.filter((a) => a.status === 409 && a.code === refusal).length;
  if (won !== 1 || refused !== CLAIMS - 1) failures.push(`${label}: ${tally(answers)}`);
  return { bookings: won, 'clear refusals': refused, answers: tally(answers) };
}

/** Parts 1 and 2 (or 3) on these servers. */
async function measure(where: string, servers: AppServer[]): Promise<void> {
  const setup = await setUp(servers);
  const tag = `${runId}-${where.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const [first, second] = setup.slots;
  if (!first || !second) throw new Error('fewer than two free days offered');
  const [a, b] = [servers[0]!, servers[servers.length - 1]!];

  // 1. Cancellation -> offer.
  const patient = await bookAsGuest(setup, a, first, `patient-${tag}`);
  const manageToken = tokenIn(await waitForMail(servers, patient, /confirm/i), 'manage-appointment');
  const waiting = guestContact(`waiting-${tag}`).email;
  await join(b, await walk(setup, b, `waiting-${tag}`), first.date);
  const cancelledAt = performance.now();
  const cancelled = await post(b.url, '/api/booking/manage/cancel', { token: manageToken });
  if (cancelled.status !== 200) throw new Error(`cancel answered ${cancelled.status}`);
  const cancelAnswerMs = performance.now() - cancelledAt;
  const offerMail = await waitForMail(servers, waiting, /time opened up/);
  const offerMs = performance.now() - cancelledAt;
  const offerToken = tokenIn(offerMail, 'waitlist');
  rows.push({ where, figure: 'cancel answered', value: `${cancelAnswerMs.toFixed(0)} ms` });
  rows.push({ where, figure: 'cancel -> offer e-mail in the outbox', value: `${offerMs.toFixed(0)} ms (job interval 300 000 ms)` });

  // 2a. One link, 20 claims at once.
  const sameLink = judge(`${where}: one link claimed ${CLAIMS} times`, await claimAll(servers, Array(CLAIMS).fill(offerToken)), 'waitlist_offer_claimed');
  rows.push({ where, figure: `one offer link claimed ${CLAIMS}x at once`, value: `${sameLink.bookings} booking, ${sameLink['clear refusals']} refusals (${sameLink.answers})` });

  // 2b. 20 entries offered one free time by the clinic, all claiming at once.
  const emails = await Promise.all(
    Array.from({ length: CLAIMS }, async (_, i) => {
      const server = servers[i % servers.length]!;
      const racer = `race-${tag}-${i}`;
      await join(server, await walk(setup, server, racer), second.date);
      return guestContact(racer).email;
    }),
  );
  const cookie = await signIn(a.url, DIETITIAN.email, DIETITIAN.password);
  const listed = await fetch(`${a.url}/api/clinic/waitlist?date=${second.date}`, { headers: { Cookie: cookie } });
  const entries = ((await listed.json()) as { entries: { id: number; person: { email: string } }[] }).entries.filter((e) => emails.includes(e.person.email));
  if (entries.length !== CLAIMS) throw new Error(`the clinic's list shows ${entries.length} of the ${CLAIMS} entries`);
  for (const entry of entries) {
    const offered = await post(a.url, `/api/clinic/waitlist/${entry.id}/offers`, { start: second.slot.start }, { cookie });
    if (offered.status !== 201) throw new Error(`offer answered ${offered.status}: ${JSON.stringify(offered.json).slice(0, 200)}`);
  }
  const tokens = await Promise.all(emails.map(async (email) => tokenIn(await waitForMail(servers, email, /time opened up/), 'waitlist')));
  const many = judge(`${where}: ${CLAIMS} offers of one time`, await claimAll(servers, tokens), 'waitlist_slot_taken');
  rows.push({ where, figure: `${CLAIMS} entries offered one time, claimed at once`, value: `${many.bookings} booking, ${many['clear refusals']} refusals (${many.answers})` });
}

/**
 * Issue #28: the clinic schedules a 3-seat group session; 20 guests walk the flow to it and book
 * at once, alternating between the servers. Exactly 3 seats, and 17 told the session is full.
 */
async function seatRace(where: string, servers: AppServer[], databaseUrl: string): Promise<void> {
  const a = servers[0]!;
  // The seed's group programs take no guests (every start writes the catalogue back); this run's
  // clinic lets them, so 20 people can race without 20 accounts.
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("UPDATE services SET allow_guest_booking = true WHERE slug = 'group-programs'").finally(() => client.end());
  const cookie = await signIn(a.url, DIETITIAN.email, DIETITIAN.password);
  const choices = (await (await fetch(`${a.url}/api/clinic/group-sessions/choices`, { headers: { Cookie: cookie } })).json()) as {
    topics: { id: number }[];
    dietitians: { id: number; name: string }[];
    offices: { id: number; name: string; is_virtual: boolean }[];
  };
  const office = choices.offices.find((o) => !o.is_virtual)!;
  const dietitian = choices.dietitians.find((d) => d.name === 'Claire Bouchard')!;
  let session: { id: number } | undefined;
  // An evening three weeks or so ahead that the dietitian has free.
  for (let days = 20; !session && days < 30; days++) {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const body = { topic_id: choices.topics[0]!.id, employee_id: dietitian.id, office_id: office.id, date, time: '20:00', session_language: 'en', capacity: 3, meetings: 1 };
    const made = await post(a.url, '/api/clinic/group-sessions', body, { cookie });
    if (made.status === 201) session = (made.json.sessions as { id: number }[])[0];
  }
  if (!session) throw new Error('no evening free to schedule the session');
  const ids = await catalogIds(a.url, 'group-programs', REASON);
  const pickOffice = (offices: { id: number; is_available: boolean; is_virtual: boolean; name: string }[]) => offices.find((o) => o.id === office.id);
  const racers = await Promise.all(
    Array.from({ length: CLAIMS }, async (_, i) => {
      const server = servers[i % servers.length]!;
      const t = await walkToSlots(server.url, { contact: guestContact(`seat-${runId}-${i}`), ...ids, pickOffice });
      const options = await fetchSlots(server.url, t);
      const found = Object.entries(options).flatMap(([date, list]) => list.map((slot) => ({ date, slot }))).find((o) => o.slot.group_session?.id === session.id);
      if (!found || (await chooseSlot(server.url, t, found.date, found.slot)).status !== 200) throw new Error('the session is not offered');
      return { server, t };
    }),
  );
  const answers = (await Promise.all(racers.map(({ server, t }) => book(server.url, t)))).map((a) => ({ status: a.status, code: typeof a.json.code === 'string' ? a.json.code : undefined }));
  const won = answers.filter((answer) => answer.status === 200).length;
  const full = answers.filter((answer) => answer.status === 409 && answer.code === 'group_session_full').length;
  if (won !== 3 || full !== CLAIMS - 3) failures.push(`${where}: the last 3 seats: ${tally(answers)}`);
  rows.push({ where, figure: `${CLAIMS} guests booking the last 3 seats at once`, value: `${won} seats, ${full} told it is full (${tally(answers)})` });
}

async function main(): Promise<void> {
  rmSync(ROOT, { recursive: true, force: true });
  const embedded = await startServer({ port: PORT, dataDir: path.join(ROOT, 'pglite'), env: { ...LIMITS } });
  try {
    await measure('PGlite, 1 server', [embedded]);
  } finally {
    await embedded.stop();
  }
  const databaseUrl = process.env.LOAD_DATABASE_URL;
  if (databaseUrl) {
    const scratch = await createScratchDatabase(databaseUrl, 'clinic_waitlist');
    const env = { DATABASE_URL: scratch.url, SEED_DEMO: '1', ...LIMITS, ...generatedSecrets() };
    const servers: AppServer[] = [];
    try {
      for (const [i, name] of ['pg-a', 'pg-b'].entries()) servers.push(await startServer({ port: PORT + 1 + i, dataDir: path.join(ROOT, name), env }));
      await measure('PostgreSQL, 2 servers', servers);
      await seatRace('PostgreSQL, 2 servers', servers, scratch.url);
    } finally {
      for (const server of servers) await server.stop();
      await scratch.drop();
    }
  } else {
    failures.push('the two-server run needs LOAD_DATABASE_URL, e.g. postgres://clinic:clinic@localhost:5432/clinic');
  }
  console.log(`\nWaitlist (issue 16): offers and claims through the HTTP API\n`);
  console.log(formatTable(rows));
  if (failures.length > 0) {
    console.error(`\nFAILED:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
