import { completeIntakeSubmission } from '@/tests/support/intakeAnswers';
import { signupBody, type Context } from './actors';
import { Client, codeOf, describe, failureShapeProblems, type Answer, type Req } from './http';
import { Section } from './report';
import { newState, runStep, STEP_PATHS, type BookingState, type StepPath } from './walk';

/**
 * Section 5: the limits kept in the database (lib/server/auth/rateLimit.ts and the contact,
 * intake and guest-booking modules). The first checks send from the suite's client (127.0.0.1).
 * Then the per-address limits against a client that sends a new X-Forwarded-For with every
 * request (issue 18): `npm start` overwrites the header with the TCP peer, so the limits must
 * hold exactly as if no header had been sent.
 */

/** Sign-ups an address may make in an hour (lib/server/auth/rateLimit.ts, signupPerIp). */
export const SIGNUPS_PER_ADDRESS = 10;
/** Contact messages an address may send in an hour (lib/server/contact/submitContactMessage.ts). */
export const CONTACT_MESSAGES_PER_ADDRESS = 5;
/** Guest bookings an address may make in an hour: index.ts starts the server with GUEST_BOOKING_LIMIT_PER_HOUR set to it. */
export const GUEST_BOOKINGS_PER_ADDRESS = 5;

/**
 * Where the rotating-header checks connect from: one loopback address per limit, from which
 * nothing else in the run is sent. The matrix and the fixtures sign up, write and book from
 * 127.0.0.1, so there each limit would start part-used; from these it starts at zero whatever
 * ran before, and the counts are exact. (Linux routes all of 127.0.0.0/8 to the loopback.)
 */
const PEERS = { signup: '127.0.0.2', contact: '127.0.0.3', booking: '127.0.0.4', other: '127.0.0.5' } as const;

let forwardedCount = 0;
/** A new client-chosen X-Forwarded-For for every request: single addresses, chains, IPv6. */
function nextForwardedFor(): string {
  const n = ++forwardedCount;
  const shapes = [`203.0.113.${n % 250}`, `198.51.100.${n % 250}, 10.0.${n % 250}.1`, `2001:db8::${n.toString(16)}`, `192.0.2.${n % 250}, 192.0.2.${(n + 1) % 250}, 127.0.0.1`];
  return shapes[n % shapes.length]!;
}

/** A client that claims another address in X-Forwarded-For (and X-Real-IP) on every request. */
class RotatingClient extends Client {
  override send(section: Section, req: Req): Promise<Answer> {
    const forwarded = nextForwardedFor();
    return super.send(section, { ...req, headers: { ...req.headers, 'x-forwarded-for': forwarded, 'x-real-ip': forwarded.split(',')[0]! } });
  }
}

/** What a run of requests got back, in order: `201×10, 429×3`. */
function tally(statuses: number[]): string {
  const runs: [number, number][] = [];
  for (const status of statuses) {
    const last = runs[runs.length - 1];
    if (last && last[0] === status) last[1] += 1;
    else runs.push([status, 1]);
  }
  return runs.map(([status, count]) => `${status}×${count}`).join(', ');
}
export async function runRateLimits(ctx: Context): Promise<Section> {
  const section = new Section('rate limits');
  const { client, patientC, people } = ctx;

  /** Sends `make(i)` until a 429 (at most `max` times); checks every earlier answer was `okStatus`. */
  const untilLimited = async (what: string, max: number, okStatus: number, make: (i: number) => Req): Promise<Answer | undefined> => {
    for (let i = 0; i < max; i++) {
      const answer = await client.send(section, make(i));
      if (answer.status === 429) {
        checkLimited(section, `${what} (after ${i} accepted)`, answer);
        return answer;
      }
      section.check(answer.status === okStatus, `${what} #${i + 1}: expected ${okStatus} before the limit, got ${describe(answer)}`);
    }
    section.check(false, `${what}: no 429 after ${max} requests`);
    return undefined;
  };

  // Failed logins for one account (10 per 15 min), then the right password is refused too.
  const wrong = (i: number): Req => ({ method: 'POST', path: '/api/auth/login', body: { email: patientC.email, password: `wrong password number ${i}` } });
  await untilLimited('failed logins for one account', 15, 401, wrong);
  const right = await client.send(section, { method: 'POST', path: '/api/auth/login', body: { email: patientC.email, password: patientC.password } });
  checkLimited(section, 'the right password while the account is limited', right);
  section.check(!right.headers.getSetCookie().some((c) => c.startsWith('session=') && !c.startsWith('session=;')), 'a limited login still set a session cookie');
  // The limit is the account's, not everyone's.
  const other = await client.send(section, { method: 'POST', path: '/api/auth/login', body: { email: people.patientB.email, password: people.patientB.password } });
  section.check(other.status === 200, `another account's login while C is limited: expected 200, got ${describe(other)}`);

  // Contact messages from one e-mail address (3 an hour).
  const contact = (i: number): Req => ({
    method: 'POST',
    path: '/api/contact',
    body: { name: 'Léa Martin', email: `limit-${ctx.runId}@example.com`, subject: `Question ${i}`, message: 'Do you offer evening appointments?', consent: true },
  });
  await untilLimited('contact messages from one e-mail address', 6, 200, contact);

  // Intake forms (3 an hour per e-mail, 5 per address): the matrix and the fixtures sent some already.
  const intake = (): Req => ({ method: 'POST', path: '/api/intake', body: completeIntakeSubmission({ contact: { email: `intake-limit-${ctx.runId}@example.com` } }) });
  await untilLimited('intake forms', 8, 201, intake);

  await rotatingHeaderLimits(ctx, section);
  return section;
}

/**
 * The per-address limits against a client that rotates X-Forwarded-For: 13 sign-ups (10 pass),
 * 8 contact messages (5 pass) and 7 guest bookings (5 pass), each request with another header.
 * Were the header believed, every request would count against a new address and none would be
 * refused. When the extra loopback addresses cannot be used, the checks run from 127.0.0.1,
 * where the limits are part-used: then at most the limit may pass and the rest must be refused.
 */
async function rotatingHeaderLimits(ctx: Context, section: Section): Promise<void> {
  const probe = await ctx.client.from(PEERS.signup).send(section, { method: 'GET', path: '/api/build' });
  const exact = probe.status === 200;
  if (!exact) section.note(`${PEERS.signup} cannot be used (${describe(probe)}): the rotating-header checks run from 127.0.0.1, where the limits are part-used`);
  const clientFrom = (peer: string) => new RotatingClient(ctx.client.base, exact ? { localAddress: peer } : {});
  const from = (peer: string) => (exact ? peer : '127.0.0.1');

  /** Sends `total` requests; expects `limit` answers `okStatus` (at most, when not exact), then 429 for the rest. */
  const limited = async (what: string, client: Client, total: number, limit: number, okStatus: number, make: (i: number) => Req) => {
    const statuses: number[] = [];
    let retryAfter = '';
    for (let i = 0; i < total; i++) {
      const answer = await client.send(section, make(i));
      statuses.push(answer.status);
      if (answer.status === 429) {
        retryAfter ||= answer.headers.get('retry-after') ?? '';
        checkLimited(section, `${what} #${i + 1}`, answer);
      } else section.check(answer.status === okStatus, `${what} #${i + 1}: expected ${okStatus} or 429, got ${describe(answer)}`);
    }
    const passed = statuses.filter((status) => status === okStatus).length;
    const firstRefused = statuses.indexOf(429);
    const refusedAfter = firstRefused < 0 ? [] : statuses.slice(firstRefused);
    section.check(firstRefused < 0 || refusedAfter.every((status) => status === 429), `${what}: a request passed after the first 429: ${tally(statuses)}`);
    section.check(exact ? passed === limit : passed <= limit, `${what}: ${passed} passed, expected ${exact ? '' : 'at most '}${limit}: ${tally(statuses)}`);
    section.check(statuses.filter((status) => status === 429).length === total - passed, `${what}: not every request past the limit was refused: ${tally(statuses)}`);
    section.note(`${what}: ${total} sent, ${tally(statuses)} (limit ${limit} an hour; ${passed} passed, ${total - passed} refused${retryAfter ? `, Retry-After ${retryAfter} s` : ''})`);
  };

  const signups = clientFrom(PEERS.signup);
  await limited(`sign-ups from ${from(PEERS.signup)} with a new X-Forwarded-For each`, signups, 13, SIGNUPS_PER_ADDRESS, 201, (i) => ({
    method: 'POST',
    path: '/api/auth/signup',
    body: signupBody(`rotate-signup-${i}-${ctx.runId}@example.com`, 'a long and private passphrase'),
  }));
  const contacts = clientFrom(PEERS.contact);
  await limited(`contact messages from ${from(PEERS.contact)} with a new X-Forwarded-For each`, contacts, 8, CONTACT_MESSAGES_PER_ADDRESS, 200, (i) => ({
    method: 'POST',
    path: '/api/contact',
    // One e-mail address each: the per-address limit is the one under test (an e-mail address has 3).
    body: { name: 'Léa Martin', email: `rotate-contact-${i}-${ctx.runId}@example.com`, subject: `Question ${i}`, message: 'Do you offer evening appointments?', consent: true },
  }));

  if (exact) {
    // The limits are the address's, not everybody's: another address still gets through.
    const other = clientFrom(PEERS.other);
    const signup = await other.send(section, { method: 'POST', path: '/api/auth/signup', body: signupBody(`rotate-other-${ctx.runId}@example.com`, 'a long and private passphrase') });
    section.check(signup.status === 201, `a sign-up from ${PEERS.other} once ${PEERS.signup} is limited: expected 201, got ${describe(signup)}`);
    const contact = await other.send(section, {
      method: 'POST',
      path: '/api/contact',
      body: { name: 'Léa Martin', email: `rotate-other-${ctx.runId}@example.com`, subject: 'Question', message: 'Do you offer evening appointments?', consent: true },
    });
    section.check(contact.status === 200, `a contact message from ${PEERS.other} once ${PEERS.contact} is limited: expected 200, got ${describe(contact)}`);
    section.note(`from another address (${PEERS.other}) meanwhile: sign-up ${signup.status}, contact message ${contact.status}`);
  }

  await guestBookings(ctx, section, clientFrom(PEERS.booking), from(PEERS.booking), exact);
}

type Outcome = 'booked' | `${number} at ${string}`;

/**
 * Seven guests (one e-mail address each) book from one address, every request with another
 * X-Forwarded-For. Guests 1 to 4 book; guest 7 walks up to its slot while the address has 4
 * bookings (check-session lets it on); guest 5 books, the fifth; guest 6 is refused 429 at
 * check-session (the early check); guest 7's book-appointment is refused 429 (the limit enforced
 * where the booking is counted).
 */
async function guestBookings(ctx: Context, section: Section, client: Client, peer: string, exact: boolean): Promise<void> {
  const { catalog } = ctx.fixtures;
  const guests: BookingState[] = Array.from({ length: 7 }, (_, i) => ({
    ...newState(i),
    contact: { firstName: 'Noémie', lastName: `Invitée ${i + 1}`, email: `guest-limit-${i + 1}-${ctx.runId}@example.com` },
  }));
  const outcomes: (Outcome | undefined)[] = Array.from({ length: 7 });
  const retryAfter: string[] = [];

  /** Guest `n`'s steps from the first not yet taken up to `last`; records where a refusal came. */
  const walk = async (n: number, last: StepPath): Promise<boolean> => {
    const state = guests[n - 1]!;
    const from = state.tokens.timeslot_token ? STEP_PATHS.indexOf('/api/booking/book-appointment') : 0;
    for (const path of STEP_PATHS.slice(from, STEP_PATHS.indexOf(last) + 1)) {
      const answer = await runStep(client, section, path, state, catalog);
      if (answer.status === 200) continue;
      const step = path.replace('/api/booking/', '');
      outcomes[n - 1] = `${answer.status} at ${step}`;
      if (answer.status === 429) {
        retryAfter.push(`#${n} ${answer.headers.get('retry-after') ?? 'none'} s`);
        checkLimited(section, `guest #${n} at ${step}`, answer);
      } else section.check(false, `guest #${n} at ${step}: expected 200 or 429, got ${describe(answer)}`);
      return false;
    }
    if (last === '/api/booking/book-appointment') {
      outcomes[n - 1] = 'booked';
      section.check(state.appointmentId !== undefined, `guest #${n} booked without an appointment id`);
    }
    return true;
  };

  for (const n of [1, 2, 3, 4]) await walk(n, '/api/booking/book-appointment');
  await walk(7, '/api/booking/available-appointments/check');
  await walk(5, '/api/booking/book-appointment');
  await walk(6, '/api/booking/book-appointment');
  if (outcomes[6] === undefined) await walk(7, '/api/booking/book-appointment');

  const booked = outcomes.filter((o) => o === 'booked').length;
  const refused = outcomes.filter((o) => o?.startsWith('429 ')).length;
  const list = outcomes.map((o, i) => `#${i + 1} ${o ?? 'not tried'}`).join(', ');
  section.check(booked + refused === 7, `guest bookings: neither booked nor refused 429: ${list}`);
  section.check(exact ? booked === GUEST_BOOKINGS_PER_ADDRESS : booked <= GUEST_BOOKINGS_PER_ADDRESS, `guest bookings: ${booked} booked, expected ${exact ? '' : 'at most '}${GUEST_BOOKINGS_PER_ADDRESS}: ${list}`);
  if (exact) {
    section.check(outcomes[5] === '429 at check-session', `guest #6: expected 429 at check-session, got ${outcomes[5] ?? 'nothing'}`);
    section.check(outcomes[6] === '429 at book-appointment', `guest #7 (on its slot before #5 booked): expected 429 at book-appointment, got ${outcomes[6] ?? 'nothing'}`);
  }
  section.note(
    `guest bookings from ${peer} with a new X-Forwarded-For on each request: 7 tried, ${booked} booked, ${refused} refused (limit ${GUEST_BOOKINGS_PER_ADDRESS} an hour): ${list}; Retry-After ${retryAfter.join(', ') || 'none'}`,
  );
}

function checkLimited(section: Section, what: string, answer: Answer): void {
  section.check(answer.status === 429 && codeOf(answer) === 'rate_limited', `${what}: expected 429 rate_limited, got ${describe(answer)}`);
  const problems = failureShapeProblems(answer);
  section.check(problems.length === 0, `${what}: ${problems.join('; ')}`);
}
