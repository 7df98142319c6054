import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { eq, getTableName, inArray, isTable, sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as myDataRoute } from '@/app/api/account/data-export/route';
import { GET as clinicExportRoute } from '@/app/api/clinic/data-export/route';
import { POST as guestExportRoute } from '@/app/api/privacy/data-export/route';
import { POST as dataRequestRoute } from '@/app/api/privacy/data-request/route';
import { dataExportJsonSchema, type DataExport } from '@/lib/schemas/dataExport';
import { intakeSubmissionSchema } from '@/lib/schemas/intake';
import { issueLinkToken } from '@/lib/server/auth/emailTokens';
import { hashToken } from '@/lib/server/auth/tokens';
import type { Database } from '@/lib/server/db/client';
import * as schema from '@/lib/server/db/schema';
import {
  appointmentLinks,
  appointments,
  auditEvents,
  contactMessages,
  handoutSends,
  patientProfiles,
  recordsRequests,
  users,
  waitlistEntries,
  waitlistOffers,
  type GuestContact,
} from '@/lib/server/db/schema';
import { DEMO_DIETITIAN } from '@/lib/server/db/seed';
import { queueEmail } from '@/lib/server/email/queue';
import { saveDraft } from '@/lib/server/intake/drafts';
import { readIntake } from '@/lib/server/intake/review';
import { submitIntake } from '@/lib/server/intake/submit';
import { collectExport } from '@/lib/server/privacy/collect';
import { EXPORT_COVERAGE } from '@/lib/server/privacy/coverage';
import { recordPayment } from '@/lib/server/receipts/recordPayment';
import { completeIntakeSubmission } from '../support/intakeAnswers';
import { readChart } from '@/lib/server/chart/chart';
import { addAddendum, createEntry as createChartEntry, signEntry as signChartEntry } from '@/lib/server/chart/entries';
import { demoClinic } from './support/clinic';
import { topicHandout } from './support/handouts';
import { call, callResponse } from './support/http';
import { deliveredOutbox } from './support/mail';
import { addPerson, type TestPerson } from './support/people';

/**
 * A person's export (issue #30), on PGlite and (TEST_DATABASE_URL) PostgreSQL:
 * - every table of the schema has an export rule, and the export reads every row about the
 *   person: the rows found by walking the schema's foreign keys from their account (and the
 *   columns holding their address), table by table, so a table added later without a rule fails;
 * - nothing about another patient with the same name, dates and history;
 * - data.json validates against its JSON Schema (the repository's copy is the generated one);
 * - the ZIP over HTTP, its authorization and audit; a guest's export by a single-use e-mailed link.
 */

const clinic = demoClinic('data-export');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const repoSchemaPath = join(process.cwd(), 'docs/data-export.schema.json');
let db: Database;
let dietitian: TestPerson;
let patient: TestPerson;
let twin: TestPerson;
let colleague: TestPerson;
const guestEmail = 'guest.tremblay@example.com';

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => isTable(value));

/** The first primary-key column of a table (a serial id, or the key of a one-per-user table). */
function keyColumn(table: PgTable): string {
  const config = getTableConfig(table);
  const column = config.columns.find((c) => c.primary) ?? config.primaryKeys[0]?.columns[0];
  if (!column) throw new Error(`${config.name} has no primary key`);
  return column.name;
}

/**
 * The rows about a person, from the database alone: their user row, every row whose text column
 * holds their address (or whose audit subject names them), then every row pointing by a foreign
 * key to a row already found, until nothing more is found.
 */
async function rowsAbout(person: TestPerson): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>(tables.map((t) => [getTableName(t), new Set<string>()]));
  found.get('users')!.add(String(person.id));
  for (const table of tables) {
    const config = getTableConfig(table);
    const key = keyColumn(table);
    for (const column of config.columns.filter((c) => c.getSQLType() === 'text')) {
      const rows = await db.execute<{ k: string }>(
        sql`SELECT ${sql.identifier(key)}::text AS k FROM ${sql.identifier(config.name)} WHERE lower(${sql.identifier(column.name)}) = ${person.email} OR ${sql.identifier(column.name)} = ${`patient:${person.id}`}`,
      );
      for (const row of rows.rows) found.get(config.name)!.add(row.k);
    }
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (const table of tables) {
      const config = getTableConfig(table);
      const key = keyColumn(table);
      for (const fk of config.foreignKeys) {
        const reference = fk.reference();
        const target = found.get(getTableName(reference.foreignTable))!;
        if (target.size === 0) continue;
        const rows = await db.execute<{ k: string }>(
          sql`SELECT ${sql.identifier(key)}::text AS k FROM ${sql.identifier(config.name)} WHERE ${sql.identifier(reference.columns[0]!.name)}::text IN (${sql.join(
            [...target].map((v) => sql`${v}`),
            sql`, `,
          )})`,
        );
        for (const row of rows.rows) {
          if (!found.get(config.name)!.has(row.k)) {
            found.get(config.name)!.add(row.k);
            grew = true;
          }
        }
      }
    }
  }
  return found;
}

/** One patient's whole history at the clinic, the same for both namesakes (dates included). */
async function seedHistory(person: TestPerson, marker: string, base: Date, dietitian: TestPerson) {
  const at = (days: number, hour = 14) => new Date(base.getTime() + days * DAY + hour * 60 * MINUTE);
  const visit = (startsAt: Date, status: 'completed' | 'cancelled' | 'booked') => ({
    patientId: person.id,
    employeeId: dietitian.id,
    serviceId: clinic.catalog.serviceId['individual-consultation']!,
    officeId: clinic.catalog.officeId.centretown!,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 50 * MINUTE),
    blockedUntil: new Date(startsAt.getTime() + 60 * MINUTE),
    sessionLanguage: 'fr' as const,
    reasons: [clinic.catalog.skillId.diabetes!],
    message: `Note ${marker}`,
    status,
    priceCents: 13500,
    taxCents: 0,
    totalCents: 13500,
    cancelledAt: status === 'cancelled' ? at(-40) : null,
    createdAt: at(-60),
  });
  await db.insert(patientProfiles).values({
    userId: person.id,
    streetNumber: '120',
    streetName: 'Rideau Street',
    city: 'Ottawa',
    provinceCode: 'ON',
    countryCode: 'CA',
    postalCode: 'K1N5X6',
    preferredDietitianId: dietitian.id,
  });
  const [done] = await db.insert(appointments).values(visit(at(-30), 'completed')).returning();
  await db.insert(appointments).values(visit(at(-20), 'cancelled'));
  const [upcoming] = await db.insert(appointments).values(visit(at(20), 'booked')).returning();
  await db.insert(appointments).values({ ...visit(at(25), 'booked'), rescheduledFromId: upcoming!.id, startsAt: at(26), endsAt: at(26, 15), blockedUntil: at(26, 15) });
  await db.update(appointments).set({ status: 'cancelled', cancelledAt: at(-1) }).where(eq(appointments.id, upcoming!.id));
  await recordPayment(db, {
    appointmentId: done!.id,
    payment: { amount_cents: 13500, method: 'card', paid_on: done!.startsAt.toISOString().slice(0, 10) },
    recorder: { id: dietitian.id },
    locale: 'fr',
  });
  await db.insert(appointmentLinks).values({ appointmentId: done!.id, tokenHash: hashToken(`link-${marker}`), expiresAt: at(60) });
  // Two files, each sent once (issue #38): one seat, two rows.
  for (const name of ['Recipes.pdf', 'Plate.pdf']) await db.insert(handoutSends).values({ appointmentId: done!.id, handoutId: await topicHandout(db, name), sentBy: dietitian.id });
  const [entry] = await db
    .insert(waitlistEntries)
    .values({
      patientId: person.id,
      personKey: `patient:${person.id}`,
      serviceId: clinic.catalog.serviceId['individual-consultation']!,
      officeId: clinic.catalog.officeId.centretown!,
      sessionLanguage: 'fr',
      reasons: [clinic.catalog.skillId.diabetes!],
      message: `Waiting ${marker}`,
      fromDate: '2026-12-01',
      toDate: '2026-12-31',
      timesOfDay: ['morning'],
      weekdays: [1, 3],
      leaveTokenHash: hashToken(`leave-${marker}`),
    })
    .returning();
  await db.insert(waitlistOffers).values({
    entryId: entry!.id,
    employeeId: dietitian.id,
    startsAt: at(10),
    endsAt: at(10, 15),
    blockedUntil: at(10, 15),
    tokenHash: hashToken(`offer-${marker}`),
    status: 'expired',
    expiresAt: at(-5),
  });
  const form = intakeSubmissionSchema.parse(
    completeIntakeSubmission({ contact: { ...(completeIntakeSubmission().answers.contact as Record<string, unknown>), email: person.email } }),
  );
  const [user] = await db.select().from(users).where(eq(users.id, person.id));
  const { publicId } = await submitIntake(db, form, { ip: `203.0.113.${person.id % 250}`, user: user! });
  const [reader] = await db.select().from(users).where(eq(users.id, dietitian.id));
  await readIntake(db, reader!, publicId, 'fr');
  // The chart (issue #40): a signed entry with an addendum, a draft (withheld), and a reading of the chart.
  const chartNow = at(-29);
  const signed = await createChartEntry(db, { patientId: person.id, body: { appointment_id: done!.id }, author: reader!, now: chartNow, locale: 'fr' });
  await signChartEntry(db, { publicId: signed.entry.id, version: signed.entry.version, author: reader!, now: chartNow, locale: 'fr' });
  await addAddendum(db, { publicId: signed.entry.id, body: { reason: 'Précision', text: `Addenda ${marker}` }, author: reader!, now: chartNow });
  await createChartEntry(db, { patientId: person.id, body: { template: 'note', occurred_at: chartNow.toISOString() }, author: reader!, now: chartNow, locale: 'fr' });
  await readChart(db, { patientId: String(person.id), reader: reader!, locale: 'fr', now: chartNow });
  await saveDraft(db, person.id, { step: 2, answers: { contact: { firstName: 'Camille' } }, updated_at: new Date().toISOString() });
  await issueLinkToken(db, person.id, 'verify_email');
  await queueEmail(db, { purpose: 'welcome', message: { to: person.email, language: 'fr', subject: `Bienvenue ${marker}`, text: 'Bonjour', html: '<p>Bonjour</p>' } });
  await db.insert(contactMessages).values({ name: 'Camille Tremblay', email: person.email, subject: 'Question', message: `Message ${marker}`, language: 'fr', ipHash: 'x' });
  await db.insert(recordsRequests).values({
    kind: 'correction',
    patientId: person.id,
    receivedOn: '2026-11-02',
    dueOn: '2026-12-02',
    details: `Correct ${marker}`,
    createdBy: dietitian.id,
  });
}

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  dietitian = { id: await clinic.userId(DEMO_DIETITIAN.email), email: DEMO_DIETITIAN.email, cookie: await clinic.cookieFor(await clinic.userId(DEMO_DIETITIAN.email)) };
  // Two patients with the same name, the same history on the same dates: only the address differs.
  patient = await addPerson(db, { email: 'camille.tremblay@example.com', role: 'patient', firstName: 'Camille', lastName: 'Tremblay' });
  twin = await addPerson(db, { email: 'c.tremblay@example.org', role: 'patient', firstName: 'Camille', lastName: 'Tremblay' });
  const base = new Date(Date.UTC(2026, 10, 20));
  // The same times: with another dietitian (one dietitian cannot see both at once).
  colleague = await addPerson(db, { email: 'second.dietitian@example.test', role: 'employee', firstName: 'Second', lastName: 'Dietitian' });
  await db.insert(schema.employeeProfiles).values({ userId: colleague.id, titleEn: 'RD', titleFr: 'Dt.P.', bioEn: '-', bioFr: '-', languages: ['fr'], registrationNumber: '7654' });
  await seedHistory(patient, 'PATIENT-ONE', base, dietitian);
  await seedHistory(twin, 'PATIENT-TWIN', base, colleague);
  const guest: GuestContact = { firstName: 'Camille', lastName: 'Tremblay', email: guestEmail, phone: '16135550101' };
  const startsAt = new Date(base.getTime() - 10 * DAY);
  await db.insert(appointments).values({
    guestContact: guest,
    employeeId: dietitian.id,
    serviceId: clinic.catalog.serviceId['individual-consultation']!,
    officeId: clinic.catalog.officeId.centretown!,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 50 * MINUTE),
    blockedUntil: new Date(startsAt.getTime() + 60 * MINUTE),
    sessionLanguage: 'en',
    reasons: [clinic.catalog.skillId.diabetes!],
    message: 'Guest note GUEST-ONE',
    status: 'completed',
    priceCents: 13500,
    taxCents: 0,
    totalCents: 13500,
  });
}, 120_000);

afterAll(() => clinic.close());

describe('what an export covers', () => {
  it('has a rule for every table of the schema, and no rule for a table that does not exist', () => {
    const names = tables.map((t) => getTableName(t)).sort();
    expect(Object.keys(EXPORT_COVERAGE).sort()).toEqual(names);
  });

  it('reads every row about the patient, table by table, as the schema’s keys find them, and no other', async () => {
    const expected = await rowsAbout(patient);
    const { rowsRead } = await collectExport(db, { kind: 'patient', patientId: patient.id }, { locale: 'fr', now: new Date() });
    for (const [table, keys] of expected) {
      const rule = EXPORT_COVERAGE[table];
      if (keys.size > 0) expect(rule, `${table} holds rows about the patient but has no export rule`).toBe('exported');
      expect([...new Set(rowsRead[table] ?? [])].sort(), table).toEqual([...keys].sort());
    }
    // The seed reached every kind of row a patient can have (a weaker seed would prove less).
    const empty = [...expected].filter(([table, keys]) => EXPORT_COVERAGE[table] === 'exported' && keys.size === 0).map(([table]) => table);
    expect(empty).toEqual(['audit_events', 'data_export_links']);
  });

  it('holds nothing about another patient with the same name and dates', async () => {
    const { data, rowsRead } = await collectExport(db, { kind: 'patient', patientId: patient.id }, { locale: 'fr', now: new Date() });
    const text = JSON.stringify(data);
    expect(text).toContain('PATIENT-ONE');
    expect(text).not.toContain('PATIENT-TWIN');
    expect(text).not.toContain(twin.email);
    expect(text).not.toContain('GUEST-ONE');
    const twinRows = await rowsAbout(twin);
    for (const [table, keys] of twinRows) for (const key of keys) expect(rowsRead[table] ?? [], `${table} ${key}`).not.toContain(key);
    expect(data.appointments.map((a) => a.status).sort()).toEqual(['booked', 'cancelled', 'cancelled', 'completed']);
    expect(data.intake_submissions[0]!.answers).toHaveProperty('personalInformation');
    expect(data.intake_access).toEqual([expect.objectContaining({ reader: expect.objectContaining({ role: 'clinic' }) })]);
  });

  it('gives data.json that validates against its JSON Schema, the one in the repository', async () => {
    expect(JSON.parse(readFileSync(repoSchemaPath, 'utf8'))).toEqual(dataExportJsonSchema());
    const validate = new Ajv2020({ allErrors: true, strict: false, validateFormats: false }).compile(dataExportJsonSchema());
    const { data } = await collectExport(db, { kind: 'patient', patientId: patient.id }, { locale: 'fr', now: new Date() });
    const ok = validate(JSON.parse(JSON.stringify(data)));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    // The schema is not a formality: a wrong shape fails it.
    expect(validate({ ...JSON.parse(JSON.stringify(data)), appointments: [{ id: 'one' }] })).toBe(false);
  });
});

/** The files of a ZIP answer. */
async function unzip(response: Response): Promise<Record<string, Uint8Array>> {
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

describe('the download', () => {
  it('is the signed-in patient’s ZIP: data.json, its schema, the summary in their language and each receipt as a PDF; audited', async () => {
    const response = await callResponse(myDataRoute as never, '/api/account/data-export?lang=fr', { cookie: patient.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="mes-donnees-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await unzip(response);
    const data = JSON.parse(strFromU8(files['data.json']!)) as DataExport;
    expect(data.account?.email).toBe(patient.email);
    expect(JSON.parse(strFromU8(files['data.schema.json']!))).toEqual(dataExportJsonSchema());
    const summary = strFromU8(files['summary.html']!);
    expect(summary).toMatch(/<html lang="fr"/);
    expect(data.receipts).toHaveLength(1);
    const pdf = files[data.receipts[0]!.file]!;
    expect(strFromU8(pdf.slice(0, 5))).toBe('%PDF-');
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.subject, `patient:${patient.id}`));
    expect(audit).toEqual([expect.objectContaining({ action: 'data_export', actorUserId: patient.id, detail: expect.objectContaining({ via: 'profile', receipts: 1 }) })]);
  });

  it('asks for a session, and the clinic’s copy for an employee', async () => {
    expect((await call(myDataRoute as never, '/api/account/data-export')).status).toBe(401);
    expect((await call(clinicExportRoute as never, `/api/clinic/data-export?patient_id=${patient.id}`, { cookie: patient.cookie })).status).toBe(403);
    const bad = await call(clinicExportRoute as never, '/api/clinic/data-export?email=nope', { cookie: dietitian.cookie, locale: 'fr' });
    expect(bad.status).toBe(400);
    // Issue #38: an id past PostgreSQL's integer answered 500; it is a field error, the largest id a 404.
    for (const id of ['2147483648', '99999999999', '9007199254740993', '1e309']) {
      expect((await call(clinicExportRoute as never, `/api/clinic/data-export?patient_id=${id}`, { cookie: dietitian.cookie })).status, id).toBe(400);
    }
    expect((await call(clinicExportRoute as never, '/api/clinic/data-export?patient_id=2147483647', { cookie: dietitian.cookie })).status).toBe(404);
    const response = await callResponse(clinicExportRoute as never, `/api/clinic/data-export?patient_id=${twin.id}`, { cookie: dietitian.cookie });
    expect(response.status).toBe(200);
    const data = JSON.parse(strFromU8((await unzip(response))['data.json']!)) as DataExport;
    expect(data.account?.email).toBe(twin.email);
    const [audit] = await db.select().from(auditEvents).where(eq(auditEvents.subject, `patient:${twin.id}`));
    expect(audit).toEqual(expect.objectContaining({ action: 'data_export', actorUserId: dietitian.id }));
  });
});

describe('a guest’s export', () => {
  const tokenIn = (text: string) => /#([A-Za-z0-9_-]{43})/.exec(text)?.[1];

  it('answers the same for an unknown address, and sends nothing', async () => {
    const before = (await deliveredOutbox(join(clinic.dataDir, 'outbox'))).length;
    const unknown = await call(dataRequestRoute as never, '/api/privacy/data-request', { body: { email: 'nobody@example.com' } });
    const known = await call(dataRequestRoute as never, '/api/privacy/data-request', { body: { email: guestEmail } });
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual(known.json);
    const mail = await deliveredOutbox(join(clinic.dataDir, 'outbox'));
    expect(mail.length).toBe(before + 1);
    expect(mail.at(-1)!.to).toBe(guestEmail);
  });

  it('works once by the e-mailed link, for what was booked under the address', async () => {
    const mail = (await deliveredOutbox(join(clinic.dataDir, 'outbox'))).filter((m) => m.to === guestEmail).at(-1)!;
    const token = tokenIn(mail.text)!;
    expect(token).toBeDefined();
    const response = await callResponse(guestExportRoute as never, '/api/privacy/data-export', { body: { token } });
    expect(response.status).toBe(200);
    const data = JSON.parse(strFromU8((await unzip(response))['data.json']!)) as DataExport;
    expect(data.subject).toBe('guest');
    expect(data.account).toBeNull();
    expect(data.appointments.map((a) => a.message)).toEqual(['Guest note GUEST-ONE']);
    expect(JSON.stringify(data)).not.toContain('PATIENT-');
    const again = await call(guestExportRoute as never, '/api/privacy/data-export', { body: { token }, locale: 'fr' });
    expect(again.status).toBe(410);
    expect(again.json.message).toMatch(/déjà servi/);
  });

  it('refuses a link a day old', async () => {
    await db.insert(schema.dataExportLinks).values({ email: guestEmail, tokenHash: hashToken('x'.repeat(43)), expiresAt: new Date(Date.now() - 1) });
    expect((await call(guestExportRoute as never, '/api/privacy/data-export', { body: { token: 'x'.repeat(43) } })).status).toBe(410);
    const links = await db.select().from(schema.dataExportLinks).where(inArray(schema.dataExportLinks.email, [guestEmail]));
    expect(links.filter((l) => l.usedAt !== null)).toHaveLength(1);
  });
});

