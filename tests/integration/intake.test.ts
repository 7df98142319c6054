import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as readDetail } from '@/app/api/intake/[id]/route';
import { DELETE as deleteDraftRoute, GET as getDraftRoute, PUT as putDraft } from '@/app/api/intake/draft/route';
import { GET as list, POST as submit } from '@/app/api/intake/route';
import { INTAKE_CONSENT_VERSION, intakeAnswersSchema } from '@/lib/schemas/intake';
import { resetConfigForTests } from '@/lib/server/config';
import { setDatabaseForTests } from '@/lib/server/db/client';
import { intakeAccessLog, intakeDrafts, intakeSubmissions, mailQueue, rateLimitEvents, skills } from '@/lib/server/db/schema';
import { deliverQueuedEmails } from '@/lib/server/email/queue';
import { decryptJson, encryptJson, IntakeDecryptionError, submissionContext } from '@/lib/server/intake/crypto';
import { completeIntakeSubmission } from '../support/intakeAnswers';
import { createTestDatabase, type TestDatabase } from './support/db';
import { call } from './support/http';
import { deliveredOutbox, deliverMail } from './support/mail';
import { addPerson, type TestPerson } from './support/people';

let testDb: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'clinic-intake-'));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  resetConfigForTests();
  testDb = await createTestDatabase({ state: 'reference' });
  setDatabaseForTests(testDb.db);
});
afterAll(async () => {
  await deliverMail();
  setDatabaseForTests(null);
  await testDb.close();
  resetConfigForTests();
  rmSync(dataDir, { recursive: true, force: true });
});

let n = 0;
const uniqueEmail = () => `patient${Date.now()}${n++}@example.ca`;
/** A complete form from a fresh address (the per-address limit only bites where a test means it to). */
const form = (contact: Record<string, string> = {}) => completeIntakeSubmission({ contact: { email: uniqueEmail(), ...contact } });
/** The contact step as sent (the step schemas take unknown input, so the type says unknown). */
const emailOf = (body: ReturnType<typeof form>) => (body.answers.contact as { email: string }).email;
const detail = (id: string) => (request: Request) => readDetail(request, { params: Promise.resolve({ id }) });

const db = () => testDb.db;
/** The outbox, once the e-mails queued so far had their try. */
const mails = () => deliveredOutbox(join(dataDir, 'outbox'));
const countForms = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(intakeSubmissions))[0]!.n;
const countEvents = async () =>
  (await db().select({ n: sql<number>`count(*)::int` }).from(rateLimitEvents).where(like(rateLimitEvents.key, 'intake-%')))[0]!.n;
const rowOf = async (publicId: string) => (await db().select().from(intakeSubmissions).where(eq(intakeSubmissions.publicId, publicId)))[0]!;
const auditOf = (submissionId: number) => db().select().from(intakeAccessLog).where(eq(intakeAccessLog.submissionId, submissionId));
/** What the schema makes of the answers, as JSON keeps it. */
const parsedAnswers = (answers: unknown) => JSON.parse(JSON.stringify(intakeAnswersSchema.parse(answers))) as unknown;

/** Health information in the sample form: none of it may appear outside the encrypted column. */
const HEALTH_STRINGS = ['More energy during night shifts', 'Peanuts', 'Metformin', 'Migraines', 'prediabetes', 'Oatmeal with berries', 'About 4 kg', 'Mushrooms'];
/** Everything the patient typed that an e-mail must not repeat either. */
const TYPED_STRINGS = [...HEALTH_STRINGS, 'Camille', 'Tremblay', 'Rideau', 'Julien', 'Clinique Vanier', 'Nadia Roy', '0199', 'Nurse'];

/** Field errors are texts a person can read, never raw message keys. */
function expectReadable(fieldErrors: Record<string, string[]>) {
  for (const message of Object.values(fieldErrors).flat()) expect(message).not.toMatch(/^[a-z]+([A-Z][a-z]*)*$/);
}

describe('POST /api/intake', () => {
  it('stores a guest form encrypted, with the consent given, and acknowledges without any answer', async () => {
    const body = form();
    const email = emailOf(body);
    const before = (await mails()).length;
    const res = await call(submit, '/api/intake', { body, locale: 'fr' });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(res.json.messages).toEqual([{ message: expect.stringMatching(/^Merci!/), type: 'success' }]);

    const row = await rowOf(res.json.id as string);
    expect(row).toMatchObject({ userId: null, email, firstName: 'Camille', lastName: 'Tremblay', language: 'fr', consentVersion: INTAKE_CONSENT_VERSION });
    expect(Date.now() - row.consentedAt.getTime()).toBeLessThan(60_000);
    expect(row.encryptedAnswers).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    const { encryptedAnswers, ...clear } = row;
    for (const text of HEALTH_STRINGS) {
      expect(encryptedAnswers).not.toContain(text);
      expect(Buffer.from(encryptedAnswers.slice(3), 'base64url').toString('latin1')).not.toContain(text);
      expect(JSON.stringify(clear)).not.toContain(text);
    }
    expect(decryptJson(encryptedAnswers, submissionContext(row.publicId))).toEqual(parsedAnswers(body.answers));

    const sent = (await mails()).slice(before);
    expect(sent).toHaveLength(1);
    const [ack] = sent;
    expect(ack).toMatchObject({ to: email, language: 'fr', subject: 'Nous avons bien reçu votre formulaire patient' });
    expect(ack!.html).toContain('lang="fr"');
    expect(ack!.text).toMatch(/https?:\/\/\S+\/fr\/reserver-en-ligne/);
    expect(ack!.text).toContain('lira avant votre première visite');
    for (const part of [ack!.subject, ack!.text, ack!.html]) {
      for (const text of TYPED_STRINGS) expect(part).not.toContain(text);
    }
  });

  it('writes in the language the patient chose, whatever the page language', async () => {
    const body = completeIntakeSubmission({ contact: { email: uniqueEmail(), preferredLanguage: 'en' } });
    const res = await call(submit, '/api/intake', { body, locale: 'fr' });
    expect(res.status).toBe(201);
    const [ack] = (await mails()).filter((mail) => mail.to === emailOf(body));
    expect(ack).toMatchObject({ language: 'en', subject: 'We received your patient form' });
    expect(ack!.text).toMatch(/https?:\/\/\S+\/book-online/);
    for (const text of TYPED_STRINGS) expect(ack!.text).not.toContain(text);
  });

  it('keeps the form and queues its acknowledgement when it cannot be sent; logs no address; sends it later', async () => {
    const outbox = join(dataDir, 'outbox');
    await mails(); // nothing of an earlier test still on its way
    mkdirSync(outbox, { recursive: true });
    renameSync(outbox, `${outbox}.kept`);
    writeFileSync(outbox, 'not a directory'); // the outbox cannot be created: the send fails
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const body = form();
    let logged = '';
    try {
      const res = await call(submit, '/api/intake', { body });
      expect(res.status).toBe(201);
      expect(await rowOf(res.json.id as string)).toBeDefined();
      await deliverMail(); // the request's first try, in the background: failed
      logged = errors.mock.calls.flat().join('\n');
    } finally {
      errors.mockRestore();
      rmSync(outbox);
      renameSync(`${outbox}.kept`, outbox);
    }
    const [queued] = await db().select().from(mailQueue).where(eq(mailQueue.recipient, emailOf(body)));
    expect(queued).toMatchObject({ purpose: 'intake acknowledgement', status: 'pending', attempts: 1, sentAt: null, claimedUntil: null });
    expect(logged).toMatch(new RegExp(`^\\[email\\] intake acknowledgement #${queued!.id}: try 1 failed \\((\\w+)\\)$`));
    expect(logged).toContain(`(${queued!.lastError})`);
    expect(logged).not.toContain(emailOf(body));
    // Retried after its backoff, not at once.
    expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect((await mails()).filter((mail) => mail.to === emailOf(body))).toHaveLength(0);
    expect(await deliverQueuedEmails(db(), { now: () => new Date(queued!.nextAttemptAt.getTime() + 1000) })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [ack] = (await mails()).filter((mail) => mail.to === emailOf(body));
    expect(ack).toMatchObject({ language: 'fr', subject: 'Nous avons bien reçu votre formulaire patient' });
  });

  it.each([
    ['missing', { consent: undefined }, 'consent'],
    ['refused', { consent: { accepted: false, version: INTAKE_CONSENT_VERSION } }, 'consent.accepted'],
    ['given under an old text', { consent: { accepted: true, version: '2020-01-01' } }, 'consent.version'],
  ])('requires consent (%s): 400, nothing stored, counted or sent', async (_name, change, field) => {
    const before = [await countForms(), await countEvents(), (await mails()).length];
    const res = await call(submit, '/api/intake', { body: { ...form(), ...change }, locale: 'fr' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('validation_error');
    const fieldErrors = res.json.field_errors as Record<string, string[]>;
    expect(Object.keys(fieldErrors)).toEqual([field]);
    expectReadable(fieldErrors);
    expect([await countForms(), await countEvents(), (await mails()).length]).toEqual(before);
  });

  const answersWith = (step: string, values: Record<string, unknown>) => {
    const body = form();
    return { ...body, answers: { ...body.answers, [step]: { ...(body.answers as Record<string, object>)[step], ...values } } };
  };
  it.each([
    ['a number for a name', answersWith('contact', { firstName: 42 }), 'answers.contact.firstName'],
    ['a boolean for a scale', answersWith('objective', { readiness: true }), 'answers.objective.readiness'],
    ['a scale out of range', answersWith('objective', { readiness: '11' }), 'answers.objective.readiness'],
    ['a null step', { ...form(), answers: { ...form().answers, medicalInfo: null } }, 'answers.medicalInfo'],
    ['null answers', { ...form(), answers: null }, 'answers'],
    ['an unknown step', { ...form(), answers: { ...form().answers, extraStep: {} } }, 'answers'],
    ['an extra field in a step', answersWith('contact', { nickname: 'Cam' }), 'answers.contact'],
    ['an extra top-level field', { ...form(), userId: 1 }, '_'],
    ['a very long text', answersWith('objective', { goals: 'x'.repeat(20_000) }), 'answers.objective.goals'],
    ['a reason that is not an id', answersWith('objective', { reasons: ['diabetes'] }), 'answers.objective.reasons.0'],
    ['a reason the clinic does not offer', answersWith('objective', { reasons: ['1', '999'] }), 'answers.objective.reasons'],
    ['a reason id beyond the database integer range', answersWith('objective', { reasons: [10_000_000_000] }), 'answers.objective.reasons.0'],
    ['a list for a body', [], '_'],
  ])('refuses %s with a field error, never a 500, writing nothing', async (_name, body, field) => {
    const before = [await countForms(), await countEvents(), (await mails()).length];
    const res = await call(submit, '/api/intake', { body });
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json.code).toBe('validation_error');
    const fieldErrors = res.json.field_errors as Record<string, string[]>;
    expect(Object.keys(fieldErrors)).toContain(field);
    expectReadable(fieldErrors);
    expect([await countForms(), await countEvents(), (await mails()).length]).toEqual(before);
  });

  it('names the unknown reason in the request language', async () => {
    const res = await call(submit, '/api/intake', { body: answersWith('objective', { reasons: ['999'] }), locale: 'fr' });
    expect(res.json.field_errors).toEqual({ 'answers.objective.reasons': ['L’une des raisons choisies n’est pas offerte.'] });
  });

  it('refuses unreadable JSON (400) and a body over 100 kB (413), writing nothing', async () => {
    const before = await countForms();
    for (const raw of ['{"answers":', 'not json', '']) {
      const res = await call(submit, '/api/intake', { raw });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('invalid_json');
    }
    const huge = await call(submit, '/api/intake', { body: answersWith('objective', { goals: 'x'.repeat(120_000) }) });
    expect(huge.status).toBe(413);
    expect(huge.json.code).toBe('payload_too_large');
    expect(await countForms()).toBe(before);
  });

  it('allows 5 forms an hour per network, then answers 429 with Retry-After and its own text', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.61' };
    for (let i = 0; i < 5; i++) expect((await call(submit, '/api/intake', { body: form(), headers })).status).toBe(201);
    const before = [await countForms(), (await mails()).length];
    const refused = await call(submit, '/api/intake', { body: form(), headers, locale: 'fr' });
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(refused.json.message).toMatch(/^Plusieurs formulaires patients ont été envoyés en peu de temps\. Veuillez réessayer dans 60 minutes/);
    expect([await countForms(), (await mails()).length]).toEqual(before);
    expect((await call(submit, '/api/intake', { body: form() })).status).toBe(201);
  });

  it('allows 3 forms an hour per e-mail address, whatever the network', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) expect((await call(submit, '/api/intake', { body: form({ email }) })).status).toBe(201);
    const refused = await call(submit, '/api/intake', { body: form({ email: email.toUpperCase() }) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await db().select().from(intakeSubmissions).where(eq(intakeSubmissions.email, email))).toHaveLength(3);
  });

  it.each([
    ['Origin from another site', { Origin: 'https://evil.example' }],
    ['Origin: null', { Origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('refuses a cross-site POST (%s)', async (_name, headers) => {
    const before = await countForms();
    const res = await call(submit, '/api/intake', { body: form(), headers });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('forbidden');
    expect(await countForms()).toBe(before);
  });
});

describe('reading intake forms', () => {
  let patientA: TestPerson;
  let patientB: TestPerson;
  let unverified: TestPerson;
  let employee: TestPerson;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    patientA = await addPerson(db(), { email: 'lea.a@example.test', role: 'patient' });
    patientB = await addPerson(db(), { email: 'bea.b@example.test', role: 'patient' });
    unverified = await addPerson(db(), { email: 'noor.c@example.test', role: 'patient', verified: false });
    employee = await addPerson(db(), { email: 'dietitian@example.test', role: 'employee' });
    const send = async (name: string, body: ReturnType<typeof form>, cookie?: string) => {
      const res = await call(submit, '/api/intake', { body, cookie });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      ids[name] = res.json.id as string;
    };
    // A from her account with another address; a guest with A's (verified) address.
    await send('aAccount', form({ firstName: 'Léa', lastName: 'Arsenault' }), patientA.cookie);
    await send('aEmail', form({ email: patientA.email, firstName: 'Léa', lastName: 'Arsenault' }));
    await send('b', form({ firstName: 'Éloïse', lastName: 'Bélanger', email: 'eloise_b@example.test' }), patientB.cookie);
    await send('unverified', form({ email: unverified.email, firstName: 'Noor', lastName: 'Castillo' }));
    // An employee filling in the form for someone links it to no account.
    await send('byEmployee', form({ firstName: '100%', lastName: 'Mystery' }), employee.cookie);
  });

  it('answers 401 to a guest on the list, a form and the draft', async () => {
    for (const [handler, path] of [
      [list, '/api/intake'],
      [detail(ids.b!), `/api/intake/${ids.b}`],
      [getDraftRoute, '/api/intake/draft'],
    ] as const) {
      const res = await call(handler, path);
      expect(res.status).toBe(401);
      expect(res.json.code).toBe('unauthenticated');
    }
    expect((await call(detail('not-a-uuid'), '/api/intake/not-a-uuid')).status).toBe(401);
    expect(await db().select().from(intakeAccessLog)).toHaveLength(0);
  });

  it('links a form to the patient who sent it signed in, not to an employee', async () => {
    expect((await rowOf(ids.aAccount!)).userId).toBe(patientA.id);
    expect((await rowOf(ids.aEmail!)).userId).toBeNull();
    expect((await rowOf(ids.byEmployee!)).userId).toBeNull();
  });

  it('lists to a patient the forms of their account and of their verified address, and ignores search', async () => {
    const mine = await call(list, '/api/intake?search=zzz', { cookie: patientA.cookie });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.json).toMatchObject({ count: 2, page: 1, page_size: 20 });
    expect((mine.json.results as Array<{ id: string }>).map((r) => r.id)).toEqual([ids.aEmail, ids.aAccount]);
    expect((mine.json.results as unknown[])[0]).toEqual({
      id: ids.aEmail,
      first_name: 'Léa',
      last_name: 'Arsenault',
      email: patientA.email,
      submitted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      language: 'fr',
    });
    // An address nobody proved to own claims nothing.
    const theirs = await call(list, '/api/intake', { cookie: unverified.cookie });
    expect(theirs.json).toMatchObject({ count: 0, results: [] });
  });

  it('gives a patient their own form, and 404 for anyone else’s or one that does not exist', async () => {
    const own = await call(detail(ids.aEmail!), `/api/intake/${ids.aEmail}`, { cookie: patientA.cookie });
    expect(own.status).toBe(200);
    for (const id of [ids.b!, ids.unverified!, crypto.randomUUID(), 'not-a-uuid', `${ids.b}'--`]) {
      const res = await call(detail(id), `/api/intake/${encodeURIComponent(id)}`, { cookie: patientA.cookie, locale: 'fr' });
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ code: 'not_found', message: 'Ce formulaire patient est introuvable.' });
    }
    const unverifiedRead = await call(detail(ids.unverified!), `/api/intake/${ids.unverified}`, { cookie: unverified.cookie });
    expect(unverifiedRead.status).toBe(404);
    const refusedRow = await rowOf(ids.b!);
    expect(await auditOf(refusedRow.id)).toHaveLength(0);
  });

  it('lists every form to an employee, newest first, searchable by name or address', async () => {
    const all = await call(list, '/api/intake', { cookie: employee.cookie });
    expect(all.json.count).toBe(await countForms());
    const searchIds = async (search: string) => {
      const res = await call(list, `/api/intake?search=${encodeURIComponent(search)}`, { cookie: employee.cookie });
      expect(res.status).toBe(200);
      return (res.json.results as Array<{ id: string }>).map((r) => r.id);
    };
    expect(await searchIds('eloise belanger')).toEqual([ids.b]);
    expect(await searchIds('BÉLANGER Éloïse')).toEqual([ids.b]);
    expect(await searchIds('léa arsenault')).toEqual([ids.aEmail, ids.aAccount]);
    expect(await searchIds('lea.a@example')).toEqual([ids.aEmail]);
    // LIKE's wildcards are literal characters in a search.
    expect(await searchIds('100%')).toEqual([ids.byEmployee]);
    expect(await searchIds('eloise_b')).toEqual([ids.b]);
    expect(await searchIds('e_oise')).toEqual([]);
    expect(await searchIds('%')).toEqual([ids.byEmployee]);
  });

  it('pages the list by 20 and refuses a bad page number', async () => {
    const total = await countForms();
    const page2 = await call(list, '/api/intake?page=2', { cookie: employee.cookie });
    expect(page2.json).toMatchObject({ count: total, page: 2, page_size: 20 });
    expect(page2.json.results).toHaveLength(Math.min(20, Math.max(0, total - 20)));
    const page1 = await call(list, '/api/intake?page=1', { cookie: employee.cookie });
    const dates = (page1.json.results as Array<{ submitted_at: string }>).map((r) => r.submitted_at);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const page of ['0', 'abc', '1.5', '-1']) {
      const res = await call(list, `/api/intake?page=${page}`, { cookie: employee.cookie });
      expect(res.status).toBe(400);
      expect(Object.keys(res.json.field_errors as object)).toEqual(['page']);
    }
  });

  it('shows an employee any form, decrypted, with reasons named in the request language', async () => {
    const res = await call(detail(ids.b!), `/api/intake/${ids.b}`, { cookie: employee.cookie, locale: 'fr' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const row = await rowOf(ids.b!);
    const reasonSkills = await db().select().from(skills).where(inArray(skills.id, [1, 3]));
    expect(res.json).toEqual({
      id: ids.b,
      submitted_at: row.createdAt.toISOString(),
      consent_version: INTAKE_CONSENT_VERSION,
      consented_at: row.consentedAt.toISOString(),
      first_name: 'Éloïse',
      last_name: 'Bélanger',
      email: 'eloise_b@example.test',
      language: 'fr',
      linked_to_account: true,
      answers: decryptJson(row.encryptedAnswers, submissionContext(ids.b!)),
      reasons: [1, 3].map((id) => ({ id, name: reasonSkills.find((s) => s.id === id)!.nameFr })),
    });
    expect((res.json.answers as { medicalInfo: { allergies: string } }).medicalInfo.allergies).toBe('Peanuts');
    const en = await call(detail(ids.b!), `/api/intake/${ids.b}`, { cookie: employee.cookie });
    expect((en.json.reasons as Array<{ name: string }>)[0]!.name).toBe(reasonSkills.find((s) => s.id === 1)!.nameEn);
  });

  it('writes one audit entry per read, naming the reader and the form', async () => {
    const row = await rowOf(ids.aAccount!);
    const before = (await auditOf(row.id)).length;
    await call(detail(ids.aAccount!), `/api/intake/${ids.aAccount}`, { cookie: employee.cookie });
    await call(detail(ids.aAccount!), `/api/intake/${ids.aAccount}`, { cookie: patientA.cookie });
    await call(detail(ids.aAccount!), `/api/intake/${ids.aAccount}`, { cookie: patientB.cookie }); // 404: no entry
    await call(list, '/api/intake', { cookie: employee.cookie }); // the list shows no health data: no entry
    const entries = (await auditOf(row.id)).slice(before);
    expect(entries.map((e) => ({ reader: e.readerUserId, action: e.action }))).toEqual([
      { reader: employee.id, action: 'read' },
      { reader: patientA.id, action: 'read' },
    ]);
    for (const entry of entries) expect(Date.now() - entry.accessedAt.getTime()).toBeLessThan(60_000);
  });
});

describe('server drafts', () => {
  let patientA: TestPerson;
  let patientB: TestPerson;
  const draftBody = (updatedAt: string, goals = 'Draft goal: sleep better after night shifts') => ({
    step: 4,
    answers: { contact: { firstName: 'Olivia', email: 'olivia@example.ca' }, objective: { goals, reasons: ['2'] } },
    updated_at: updatedAt,
  });

  beforeAll(async () => {
    patientA = await addPerson(db(), { email: 'olivia.draft@example.test', role: 'patient' });
    patientB = await addPerson(db(), { email: 'other.draft@example.test', role: 'patient' });
  });

  it('refuses guests and cross-site writes', async () => {
    const body = draftBody(new Date().toISOString());
    expect((await call(putDraft, '/api/intake/draft', { body, method: 'PUT' })).status).toBe(401);
    expect((await call(deleteDraftRoute, '/api/intake/draft', { method: 'DELETE' })).status).toBe(401);
    const crossSite = await call(putDraft, '/api/intake/draft', {
      body,
      method: 'PUT',
      cookie: patientA.cookie,
      headers: { Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await db().select().from(intakeDrafts)).toHaveLength(0);
  });

  it('keeps a draft encrypted, per user, newest wins, until deleted', async () => {
    const first = draftBody('2026-11-20T10:00:00.000Z');
    const saved = await call(putDraft, '/api/intake/draft', { body: first, method: 'PUT', cookie: patientA.cookie });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json).toEqual({ draft: first });

    const [row] = await db().select().from(intakeDrafts).where(eq(intakeDrafts.userId, patientA.id));
    expect(row!.encryptedAnswers).toMatch(/^v1\./);
    for (const text of ['sleep better', 'Olivia', 'olivia@example.ca']) expect(row!.encryptedAnswers).not.toContain(text);

    expect((await call(getDraftRoute, '/api/intake/draft', { cookie: patientA.cookie })).json).toEqual({ draft: first });
    expect((await call(getDraftRoute, '/api/intake/draft', { cookie: patientB.cookie })).json).toEqual({ draft: null });

    // An older save arriving late does not replace the newer one.
    const newer = draftBody('2026-11-20T11:00:00.000Z', 'Newer goal');
    await call(putDraft, '/api/intake/draft', { body: newer, method: 'PUT', cookie: patientA.cookie });
    const stale = await call(putDraft, '/api/intake/draft', { body: first, method: 'PUT', cookie: patientA.cookie });
    expect(stale.json).toEqual({ draft: newer });

    const deleted = await call(deleteDraftRoute, '/api/intake/draft', { method: 'DELETE', cookie: patientA.cookie });
    expect(deleted.json).toEqual({ deleted: true });
    expect((await call(getDraftRoute, '/api/intake/draft', { cookie: patientA.cookie })).json).toEqual({ draft: null });
  });

  it('refuses a malformed draft with field errors', async () => {
    const now = new Date().toISOString();
    for (const [body, field] of [
      [{ ...draftBody(now), step: 99 }, 'step'],
      [{ ...draftBody(now), answers: { unknownStep: {} } }, 'answers'],
      [{ ...draftBody(now), updated_at: 'yesterday' }, 'updated_at'],
      [{ ...draftBody(now), extra: true }, '_'],
    ] as const) {
      const res = await call(putDraft, '/api/intake/draft', { body, method: 'PUT', cookie: patientB.cookie });
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(Object.keys(res.json.field_errors as object)).toContain(field);
    }
    expect(await db().select().from(intakeDrafts).where(eq(intakeDrafts.userId, patientB.id))).toHaveLength(0);
  });

  it('is deleted when the form is submitted', async () => {
    await call(putDraft, '/api/intake/draft', { body: draftBody(new Date().toISOString()), method: 'PUT', cookie: patientB.cookie });
    expect((await call(getDraftRoute, '/api/intake/draft', { cookie: patientB.cookie })).json.draft).not.toBeNull();
    expect((await call(submit, '/api/intake', { body: form(), cookie: patientB.cookie })).status).toBe(201);
    expect((await call(getDraftRoute, '/api/intake/draft', { cookie: patientB.cookie })).json).toEqual({ draft: null });
  });
});

describe('intake encryption', () => {
  const context = submissionContext('2b0c6b5e-8a4f-4f51-9a3c-1f6de0d3f5a1');
  const stored = () => encryptJson({ allergies: 'Peanuts' }, context);

  it('uses a fresh IV for every message', () => {
    expect(stored()).not.toBe(stored());
    expect(decryptJson(stored(), context)).toEqual({ allergies: 'Peanuts' });
  });

  it('refuses a ciphertext moved to another row, tampered with or damaged', () => {
    expect(() => decryptJson(stored(), submissionContext('00000000-0000-4000-8000-000000000000'))).toThrow(IntakeDecryptionError);
    const bytes = Buffer.from(stored().slice(3), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => decryptJson(`v1.${bytes.toString('base64url')}`, context)).toThrow(IntakeDecryptionError);
    for (const bad of ['', 'v1.', 'v2.AAAA', 'v1.AAAA', stored().replace('v1.', 'v1..')]) {
      expect(() => decryptJson(bad, context)).toThrow(IntakeDecryptionError);
    }
  });

  it('cannot be read with another key', () => {
    const ciphertext = stored();
    const other = mkdtempSync(join(tmpdir(), 'clinic-intake-key-'));
    process.env.DATA_DIR = other;
    resetConfigForTests();
    try {
      expect(() => decryptJson(ciphertext, context)).toThrow(IntakeDecryptionError);
    } finally {
      process.env.DATA_DIR = dataDir;
      resetConfigForTests();
      rmSync(other, { recursive: true, force: true });
    }
    expect(decryptJson(ciphertext, context)).toEqual({ allergies: 'Peanuts' });
  });
});
