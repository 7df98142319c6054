import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as markRoute } from '@/app/api/clinic/appointments/[id]/status/route';
import { GET as sessionHandoutsList, POST as sessionUpload } from '@/app/api/clinic/group-sessions/[id]/handouts/route';
import { POST as sendRoute } from '@/app/api/clinic/group-sessions/[id]/handouts/send/route';
import { GET as topicHandoutsList, POST as topicUpload } from '@/app/api/clinic/group-topics/[id]/handouts/route';
import { DELETE as deleteRoute } from '@/app/api/clinic/handouts/[id]/route';
import { GET as downloadRoute } from '@/app/api/handouts/[token]/route';
import { HANDOUT_MAX_BYTES, type HandoutView } from '@/lib/schemas/handouts';
import { addDays, utcToLocalDate } from '@/lib/server/booking/clinicTime';
import { getConfig, resetConfigForTests } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { appointments, groupSessions, groupTopics, handouts, type GroupSession } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN } from '@/lib/server/db/seed';
import { readOutbox } from '@/lib/server/email';
import { handoutToken } from '@/lib/server/groups/handoutLinks';
import { scheduleGroupSessions } from '@/lib/server/groups/schedule';
import { demoClinic } from './support/clinic';
import { call, callResponse, ORIGIN } from './support/http';
import { deliveredOutbox } from './support/mail';
import { addPerson, type TestPerson } from './support/people';

/**
 * Handouts of the group programs (issue #28 item 4): PDFs attached to a topic or a session, sent
 * after the session to the attendees marked present, each file behind a signed link per seat.
 */
const clinic = demoClinic('group-handouts');
let db: Database;
let dietitianId = 0;
let staff = '';
let people = 0;
let weeks = 0;

type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;
const withParams = (handler: Handler, params: Record<string, string | number>) => (request: Request) =>
  handler(request, { params: Promise.resolve(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]))) as Promise<never> });

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  dietitianId = await clinic.userId(DEMO_DIETITIAN.email);
  staff = await clinic.cookieFor(dietitianId);
});
afterAll(() => clinic.close());

const pdf = (size = 3000) => Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), randomBytes(size)]);
const outboxDir = () => join(clinic.dataDir, 'outbox');
const storedFiles = () => {
  try {
    return readdirSync(getConfig().handoutsDir);
  } catch {
    return [];
  }
};

/** A multipart upload as the clinic's page sends it (the browser sets the boundary). */
function upload(handler: Handler, kind: 'topic' | 'session', id: number, file: File | null, options: { cookie?: string | null; locale?: 'en' | 'fr' } = {}) {
  const form = new FormData();
  if (file) form.set('file', file);
  const headers = new Headers({ Origin: ORIGIN, host: new URL(ORIGIN).host, 'Accept-Language': options.locale ?? 'en' });
  const cookie = options.cookie === undefined ? staff : options.cookie;
  if (cookie) headers.set('Cookie', cookie);
  const path = kind === 'topic' ? `/api/clinic/group-topics/${id}/handouts` : `/api/clinic/group-sessions/${id}/handouts`;
  return withParams(handler, { id })(new Request(`${ORIGIN}${path}`, { method: 'POST', headers, body: form })).then(async (response) => ({
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as Record<string, unknown>,
  }));
}

async function topicId(slug: string): Promise<number> {
  const [topic] = await db.select({ id: groupTopics.id }).from(groupTopics).where(eq(groupTopics.slug, slug));
  return topic!.id;
}

/** A session of the topic, some weeks ahead (each call another week, so none overlap). */
async function futureSession(slug = 'heart-healthy-cooking'): Promise<GroupSession> {
  weeks += 1;
  const [session] = await scheduleGroupSessions(db, {
    topic_id: await topicId(slug),
    employee_id: dietitianId,
    office_id: clinic.catalog.officeId.centretown!,
    date: addDays(utcToLocalDate(new Date(), 'America/Toronto'), 7 * weeks),
    time: '18:00',
    session_language: 'en',
    capacity: 8,
    meetings: 1,
    by: dietitianId,
    now: new Date(),
    locale: 'en',
  });
  return session!;
}

/** A seat in the session, a patient's or a guest's, in its own language. */
async function seat(session: GroupSession, who: { patient?: TestPerson; guestEmail?: string; language: 'en' | 'fr' }) {
  const [row] = await db
    .insert(appointments)
    .values({
      patientId: who.patient?.id ?? null,
      guestContact: who.guestEmail ? { firstName: 'Gaëlle', lastName: 'Invitée', email: who.guestEmail, phone: '6135550101' } : null,
      employeeId: session.employeeId,
      serviceId: session.serviceId,
      officeId: session.officeId,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      blockedUntil: session.blockedUntil,
      groupSessionId: session.id,
      sessionLanguage: who.language,
      reasons: [Object.values(clinic.catalog.skillId)[0]!],
      priceCents: session.priceCents,
      taxCents: session.taxCents,
      totalCents: session.totalCents,
    })
    .returning();
  return row!;
}

/** Moves a session and its seats `days` days back, at 07:00 UTC (the small hours in Ottawa: nothing else of the dietitian's is there). */
async function startedDaysAgo(session: GroupSession, days: number): Promise<GroupSession> {
  const startsAt = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - days, 7));
  const shift = { startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000), blockedUntil: new Date(startsAt.getTime() + 105 * 60_000) };
  const [moved] = await db.update(groupSessions).set(shift).where(eq(groupSessions.id, session.id)).returning();
  await db.update(appointments).set(shift).where(eq(appointments.groupSessionId, session.id));
  return moved!;
}

const mark = (appointmentId: number, status: 'completed' | 'no_show') =>
  call(withParams(markRoute, { id: appointmentId }), `/api/clinic/appointments/${appointmentId}/status`, { body: { status }, cookie: staff });
const send = (sessionId: number, options: { cookie?: string | null; locale?: 'en' | 'fr' } = {}) =>
  call(withParams(sendRoute, { id: sessionId }), `/api/clinic/group-sessions/${sessionId}/handouts/send`, {
    body: {},
    cookie: options.cookie === undefined ? staff : options.cookie,
    locale: options.locale,
  });
const download = (token: string) => callResponse(withParams(downloadRoute, { token }), `/api/handouts/${token}`);
const patient = () => addPerson(db, { email: `handout-${++people}@example.test`, role: 'patient' });

describe('attaching handouts', () => {
  it('refuses a file that is not a PDF (by its bytes, whatever its type) and one over 10 MB, keeping nothing', async () => {
    const topic = await topicId('heart-healthy-cooking');
    const before = storedFiles().length;
    const fake = new File([Buffer.from('<html>not a pdf</html>')], 'recettes.pdf', { type: 'application/pdf' });
    const notPdf = await upload(topicUpload, 'topic', topic, fake, { locale: 'fr' });
    expect(notPdf.status).toBe(400);
    expect(notPdf.json).toMatchObject({ code: 'handout_not_pdf', message: 'Seuls les fichiers PDF peuvent être joints.' });
    expect(notPdf.headers.get('cache-control')).toBe('no-store');

    const big = new File([Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(HANDOUT_MAX_BYTES)])], 'big.pdf', { type: 'application/pdf' });
    const tooLarge = await upload(topicUpload, 'topic', topic, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json).toMatchObject({ code: 'payload_too_large', message: 'The file is too large: a handout may be up to 10 MB.' });

    // Sent chunked (no Content-Length) and cut off, as Next's proxy delivers a body past 11 MB:
    // too large, not "choose a PDF" (issue #38; it answered 400 before).
    const boundary = 'handout-boundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`);
    const cutOff = Buffer.concat([head, Buffer.alloc(11 * 1024 * 1024 - head.length)]);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < cutOff.length; at += 1024 * 1024) controller.enqueue(new Uint8Array(cutOff.subarray(at, at + 1024 * 1024)));
        controller.close();
      },
    });
    const headers = new Headers({ Origin: ORIGIN, host: new URL(ORIGIN).host, Cookie: staff, 'Content-Type': `multipart/form-data; boundary=${boundary}` });
    const streamed = await withParams(topicUpload, { id: topic })(
      new Request(`${ORIGIN}/api/clinic/group-topics/${topic}/handouts`, { method: 'POST', headers, body: chunked, duplex: 'half' } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ code: 'payload_too_large' });

    const none = await upload(topicUpload, 'topic', topic, null);
    expect(none.status).toBe(400);
    expect(none.json).toMatchObject({ code: 'validation_error', field_errors: { file: ['Choose a PDF file to attach.'] } });

    expect(await db.select().from(handouts).where(eq(handouts.groupTopicId, topic))).toEqual([]);
    expect(storedFiles()).toHaveLength(before);
  });

  it("lists a session's own handouts with its topic's; another session of the topic has the topic's only", async () => {
    const topic = await topicId('heart-healthy-cooking');
    const session = await futureSession();
    const sibling = await futureSession();
    const other = await futureSession('type-2-diabetes');
    const shared = await upload(topicUpload, 'topic', topic, new File([pdf()], '../../Recettes du cœur.PDF', { type: 'application/pdf' }));
    expect(shared.status).toBe(201);
    expect(shared.json.handout).toMatchObject({ file_name: 'Recettes du cœur.pdf', scope: 'topic' });
    const own = await upload(sessionUpload, 'session', session.id, new File([pdf()], 'Plan.pdf', { type: 'application/pdf' }));
    expect(own.status).toBe(201);

    const list = async (id: number) => {
      const answer = await call(withParams(sessionHandoutsList, { id }), `/api/clinic/group-sessions/${id}/handouts`, { cookie: staff });
      expect(answer.status).toBe(200);
      return (answer.json.handouts as HandoutView[]).map((h) => [h.file_name, h.scope]);
    };
    expect(await list(session.id)).toEqual([...(await topicNames(topic)).map((name) => [name, 'topic']), ['Plan.pdf', 'session']]);
    expect(await list(sibling.id)).toEqual((await topicNames(topic)).map((name) => [name, 'topic']));
    expect(await list(other.id)).toEqual([]);

    const topicList = await call(withParams(topicHandoutsList, { id: topic }), `/api/clinic/group-topics/${topic}/handouts`, { cookie: staff });
    expect((topicList.json.handouts as HandoutView[]).map((h) => h.file_name)).toContain('Recettes du cœur.pdf');
    // Stored under a random name, never the one uploaded.
    expect(storedFiles().some((name) => name.includes('Recettes'))).toBe(false);
  });
});

async function topicNames(topic: number): Promise<string[]> {
  const rows = await db.select().from(handouts).where(eq(handouts.groupTopicId, topic)).orderBy(handouts.id);
  return rows.map((row) => row.fileName);
}

describe('sending handouts', () => {
  it('waits for the session to start, and needs a handout to send', async () => {
    const ahead = await futureSession('heart-healthy-cooking');
    await upload(sessionUpload, 'session', ahead.id, new File([pdf()], 'Plan.pdf'));
    const early = await send(ahead.id, { locale: 'fr' });
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ code: 'group_session_not_started', message: 'Les documents s’envoient une fois la séance commencée.' });

    // A topic with no handout of its own, and a started session with none.
    const [bare] = await db.insert(groupTopics).values({ slug: `bare-${people}`, titleEn: 'Bare', titleFr: 'Nu', descriptionEn: 'x', descriptionFr: 'x' }).returning();
    const [empty] = await scheduleGroupSessions(db, {
      topic_id: bare!.id,
      employee_id: dietitianId,
      office_id: clinic.catalog.officeId.centretown!,
      date: addDays(utcToLocalDate(new Date(), 'America/Toronto'), 7 * ++weeks),
      time: '18:00',
      session_language: 'en',
      capacity: 4,
      meetings: 1,
      by: dietitianId,
      now: new Date(),
      locale: 'en',
    });
    const started = await startedDaysAgo(empty!, 3);
    const none = await send(started.id);
    expect(none.status).toBe(409);
    expect(none.json).toMatchObject({ code: 'handouts_none' });
  });

  it('sends once, to the attendees marked present only, in their language, with a link per file that streams it', async () => {
    const topic = await topicId('heart-healthy-cooking');
    const session = await futureSession();
    const present = await patient();
    const absent = await patient();
    const leaver = await patient();
    const presentSeat = await seat(session, { patient: present, language: 'en' });
    const guestSeat = await seat(session, { guestEmail: `guest-${people}@example.test`, language: 'fr' });
    const absentSeat = await seat(session, { patient: absent, language: 'en' });
    const leaverSeat = await seat(session, { patient: leaver, language: 'en' });
    await db.update(appointments).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(appointments.id, leaverSeat.id));
    const bytes = pdf(40_000);
    const own = await upload(sessionUpload, 'session', session.id, new File([bytes], 'Menu de la semaine.pdf', { type: 'application/pdf' }));
    const ownId = (own.json.handout as HandoutView).id;
    const topicFiles = await topicNames(topic);

    await startedDaysAgo(session, 1);
    for (const [id, status] of [[presentSeat.id, 'completed'], [guestSeat.id, 'completed'], [absentSeat.id, 'no_show']] as const) {
      expect((await mark(id, status)).status).toBe(200);
    }
    const before = (await readOutbox(outboxDir())).length;
    const first = await send(session.id, { locale: 'fr' });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ sent: 2, messages: [{ message: 'Documents envoyés à 2 participants.' }] });
    const mails = (await deliveredOutbox(outboxDir())).slice(before);
    expect(mails.map((mail) => mail.to).sort()).toEqual([present.email, guestSeat.guestContact!.email].sort());
    const english = mails.find((mail) => mail.to === present.email)!;
    const french = mails.find((mail) => mail.to !== present.email)!;
    expect(english).toMatchObject({ language: 'en', subject: 'Your group session handouts' });
    expect(french.language).toBe('fr');
    expect(french.subject).toBe('Vos documents de la séance de groupe');
    const linksOf = (text: string) => [...text.matchAll(/\/api\/handouts\/([\w.-]+)/g)].map((m) => m[1]!);
    expect(linksOf(english.text)).toHaveLength(topicFiles.length + 1);
    expect(english.text).toContain('Menu de la semaine.pdf');
    // No name, no e-mail address in the links.
    for (const token of linksOf(english.text)) expect(Buffer.from(token.split('.')[1]!, 'base64url').toString()).not.toMatch(/@|Test|Person/);

    const again = await send(session.id);
    expect(again.json).toMatchObject({ sent: 0 });
    expect((await deliveredOutbox(outboxDir())).length).toBe(before + 2);

    // The session's own file: its exact bytes, as an attachment never cached.
    const ownToken = linksOf(english.text).at(-1)!;
    const response = await download(ownToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Menu de la semaine\.pdf"/);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);

    // The same link with another seat's id in it: the signature no longer holds.
    const [header, payload, signature] = ownToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string };
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: String(guestSeat.id) })).toString('base64url')}.${signature}`;
    expect((await download(altered)).status).toBe(404);
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const tampered = await download(flipped);
    expect(tampered.status).toBe(404);
    expect(tampered.headers.get('cache-control')).toBe('no-store');
    // Signed, but for a seat that was not there, or a cancelled one: refused all the same.
    expect((await download(await handoutToken(absentSeat.id, ownId))).status).toBe(404);
    expect((await download(await handoutToken(leaverSeat.id, ownId))).status).toBe(404);
    // The guest's own link works.
    expect((await download(await handoutToken(guestSeat.id, ownId))).status).toBe(200);

    // Deleted: the row and the file go, and the link opens nothing.
    const [stored] = await db.select().from(handouts).where(eq(handouts.id, ownId));
    expect(storedFiles()).toContain(stored!.storedName);
    const removed = await call(withParams(deleteRoute, { id: ownId }), `/api/clinic/handouts/${ownId}`, { method: 'DELETE', cookie: staff });
    expect(removed.status).toBe(200);
    const gone = await download(ownToken);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ code: 'handout_not_found' });
    expect(await db.select().from(handouts).where(inArray(handouts.id, [ownId]))).toEqual([]);
    expect(storedFiles()).not.toContain(stored!.storedName);
  });
});

describe('each file once per seat (issue #38)', () => {
  const linksOf = (text: string) => [...text.matchAll(/\/api\/handouts\/([\w.-]+)/g)].map((m) => m[1]!);
  const counts = async (id: number) => {
    const answer = await call(withParams(sessionHandoutsList, { id }), `/api/clinic/group-sessions/${id}/handouts`, { cookie: staff });
    return { sent: answer.json.sent_attendees, unsent: answer.json.unsent_attendees };
  };

  it('sends a file attached after the first send to those who had the others, and only that file', async () => {
    const session = await futureSession('type-2-diabetes');
    const person = await patient();
    const place = await seat(session, { patient: person, language: 'en' });
    await upload(sessionUpload, 'session', session.id, new File([pdf()], 'Plate.pdf'));
    await startedDaysAgo(session, 4);
    await mark(place.id, 'completed');
    const before = (await readOutbox(outboxDir())).length;
    expect((await send(session.id)).json).toMatchObject({ sent: 1 });
    expect(await counts(session.id)).toEqual({ sent: 1, unsent: 0 });

    await upload(sessionUpload, 'session', session.id, new File([pdf()], 'Snacks.pdf'));
    expect(await counts(session.id)).toEqual({ sent: 0, unsent: 1 });
    expect((await send(session.id)).json).toMatchObject({ sent: 1 });
    const mails = (await deliveredOutbox(outboxDir())).slice(before);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Snacks.pdf');
    expect(mails[1]!.text).not.toContain('Plate.pdf');
    expect(linksOf(mails[1]!.text)).toHaveLength(1);
    expect(mails[1]!.text).toContain('work for 90 days');
    expect((await send(session.id)).json).toMatchObject({ sent: 0 });
    expect(await counts(session.id)).toEqual({ sent: 1, unsent: 0 });
  });

  it("sends a series' topic files at its first meeting only; a meeting's own file still goes", async () => {
    const topic = await topicId('heart-healthy-cooking');
    weeks += 2;
    const meetings = await scheduleGroupSessions(db, {
      topic_id: topic,
      employee_id: dietitianId,
      office_id: clinic.catalog.officeId.centretown!,
      date: addDays(utcToLocalDate(new Date(), 'America/Toronto'), 7 * (weeks - 1)),
      time: '18:00',
      session_language: 'fr',
      capacity: 8,
      meetings: 2,
      by: dietitianId,
      now: new Date(),
      locale: 'fr',
    });
    expect(meetings[0]!.seriesId).not.toBeNull();
    const guest = `series-${people}@example.test`;
    const seats = [];
    for (const [index, meeting] of meetings.entries()) {
      const place = await seat(meeting, { guestEmail: guest, language: 'fr' });
      await startedDaysAgo(meeting, index === 0 ? 9 : 5);
      await mark(place.id, 'completed');
      seats.push(place);
    }
    const topicFiles = await topicNames(topic);
    expect(topicFiles.length).toBeGreaterThan(0);
    const before = (await readOutbox(outboxDir())).length;
    expect((await send(meetings[0]!.id)).json).toMatchObject({ sent: 1 });
    expect(await counts(meetings[1]!.id)).toEqual({ sent: 1, unsent: 0 });
    expect((await send(meetings[1]!.id)).json).toMatchObject({ sent: 0 });

    await upload(sessionUpload, 'session', meetings[1]!.id, new File([pdf()], 'Semaine 2.pdf'));
    expect((await send(meetings[1]!.id)).json).toMatchObject({ sent: 1 });
    const mails = (await deliveredOutbox(outboxDir())).slice(before);
    expect(mails.map((mail) => linksOf(mail.text).length)).toEqual([topicFiles.length, 1]);
    expect(mails[1]!.text).toContain('Semaine 2.pdf');
    expect(mails[1]!.text).toContain('fonctionnent pendant 90\u00a0jours');
    // The first meeting's links open the topic's files for the seat they were sent to.
    expect((await download(linksOf(mails[0]!.text)[0]!)).status).toBe(200);
  });
});

describe('links that expire (issue #38)', () => {
  it(`opens a file for HANDOUT_LINK_DAYS, then leads to a page in the seat's language`, async () => {
    const session = await futureSession('type-2-diabetes');
    const place = await seat(session, { guestEmail: `expiry-${people}@example.test`, language: 'fr' });
    const own = await upload(sessionUpload, 'session', session.id, new File([pdf()], 'Plan.pdf'));
    const fileId = (own.json.handout as HandoutView).id;
    await startedDaysAgo(session, 6);
    await mark(place.id, 'completed');
    const sentAgo = async (days: number) => download(await handoutToken(place.id, fileId, new Date(Date.now() - days * 86_400_000)));

    expect((await sentAgo(89)).status).toBe(200);
    const expired = await sentAgo(91);
    expect(expired.status).toBe(303);
    expect(expired.headers.get('location')).toBe('/fr/lien-document-expire');
    expect(expired.headers.get('cache-control')).toBe('no-store');

    // The setting is read at each download: a longer period applies to links already sent.
    process.env.HANDOUT_LINK_DAYS = '120';
    resetConfigForTests();
    try {
      expect((await sentAgo(91)).status).toBe(200);
      expect((await sentAgo(121)).status).toBe(303);
    } finally {
      delete process.env.HANDOUT_LINK_DAYS;
      resetConfigForTests();
    }
  });
});

describe('who may', () => {
  it('refuses a patient (403) and a visitor (401) every handout call of the clinic', async () => {
    const session = await futureSession();
    const someone = await patient();
    const file = () => new File([pdf()], 'x.pdf');
    const [handout] = await db.select().from(handouts).limit(1);
    for (const [cookie, status] of [[someone.cookie, 403], [null, 401]] as const) {
      expect((await upload(sessionUpload, 'session', session.id, file(), { cookie })).status).toBe(status);
      expect((await upload(topicUpload, 'topic', session.topicId, file(), { cookie })).status).toBe(status);
      expect((await send(session.id, { cookie })).status).toBe(status);
      expect((await call(withParams(sessionHandoutsList, { id: session.id }), `/api/clinic/group-sessions/${session.id}/handouts`, { cookie })).status).toBe(status);
      expect((await call(withParams(deleteRoute, { id: handout!.id }), `/api/clinic/handouts/${handout!.id}`, { method: 'DELETE', cookie })).status).toBe(status);
    }
    expect(await db.select().from(handouts).where(eq(handouts.id, handout!.id))).toHaveLength(1);
    expect(await db.select().from(handouts).where(eq(handouts.groupSessionId, session.id))).toEqual([]);
  });
});
