import { and, count, eq, getTableName, inArray, isTable, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { intakeSubmissionSchema } from '@/lib/schemas/intake';
import { hashPassword } from '@/lib/server/auth/passwords';
import { hashToken } from '@/lib/server/auth/tokens';
import { getConfig, parseConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import * as schema from '@/lib/server/db/schema';
import {
  appointmentLinks,
  appointments,
  auditEvents,
  chartEntries,
  contactMessages,
  dataExportLinks,
  handoutSends,
  intakeAccessLog,
  intakeSubmissions,
  mailQueue,
  patientProfiles,
  payments,
  receipts,
  recordsRequests,
  users,
  waitlistEntries,
  waitlistOffers,
  type AppointmentStatus,
  type GuestContact,
} from '@/lib/server/db/schema';
import { DEMO_DIETITIAN } from '@/lib/server/db/seed';
import { readIntake } from '@/lib/server/intake/review';
import { submitIntake } from '@/lib/server/intake/submit';
import { runJobsOnce } from '@/lib/server/jobs/scheduler';
import { subjectKey, type RecordSubject } from '@/lib/server/privacy/audit';
import { closeAccount } from '@/lib/server/privacy/closeAccount';
import { countStaleContactMessages } from '@/lib/server/privacy/contactRetention';
import { findPurgeable, purgeExpiredRecords, type PurgeableRecord } from '@/lib/server/privacy/retention';
import { recordPayment } from '@/lib/server/receipts/recordPayment';
import { voidReceipt } from '@/lib/server/receipts/voidReceipt';
import { completeIntakeAnswers, completeIntakeSubmission } from '../support/intakeAnswers';
import { readChart } from '@/lib/server/chart/chart';
import { addAddendum, createEntry as createChartEntry, signEntry as signChartEntry } from '@/lib/server/chart/entries';
import { demoClinic } from './support/clinic';
import { topicHandout } from './support/handouts';
import { deliverMail } from './support/mail';
import { addPerson } from './support/people';

/**
 * Retention, enforced (issue #30 item 4), on PGlite and (TEST_DATABASE_URL) PostgreSQL, each case
 * with its own people and an injected clock: the records of a closed account or a guest go at
 * exactly the end of the latest of the clinical (10 years after the last contact), minors' (10
 * years after the 18th birthday) and financial (6 years after the payment's or receipt's year)
 * periods, every row about them at once, with an audit entry of counts; nothing of a namesake;
 * never while a visit is booked or a waitlist place active; the dry run deletes nothing.
 */

const clinic = demoClinic('retention');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PASSWORD = 'a long enough password for closing';
let db: Database;
const ids = { claire: 0, sophie: 0 };

const tables = Object.values(schema).flatMap((value) => (isTable(value) ? [value as PgTable] : []));

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  ids.claire = await clinic.userId(DEMO_DIETITIAN.email);
  ids.sophie = await clinic.userId('sophie.tremblay@demo.equilibrenutrition.ca');
}, 120_000);
afterAll(() => clinic.close());

type Person = { patientId: number } | { guest: GuestContact };

/** A visit of 50 minutes at `startsAt`, booked two weeks before. */
async function visit(person: Person, startsAt: Date, options: { status?: AppointmentStatus; employeeId?: number } = {}) {
  const status = options.status ?? 'completed';
  const [row] = await db
    .insert(appointments)
    .values({
      patientId: 'patientId' in person ? person.patientId : null,
      guestContact: 'guest' in person ? person.guest : null,
      employeeId: options.employeeId ?? ids.claire,
      serviceId: clinic.catalog.serviceId['individual-consultation']!,
      officeId: clinic.catalog.officeId.centretown!,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 50 * MINUTE),
      blockedUntil: new Date(startsAt.getTime() + 60 * MINUTE),
      sessionLanguage: 'fr',
      reasons: [clinic.catalog.skillId.diabetes!],
      message: 'Diabète (privé)',
      status,
      priceCents: 13500,
      taxCents: 0,
      totalCents: 13500,
      cancelledAt: status === 'cancelled' ? new Date(startsAt.getTime() - DAY) : null,
      createdAt: new Date(startsAt.getTime() - 14 * DAY),
    })
    .returning();
  return row!;
}

/** A payment of the whole visit on `paidOn`, recorded (and its receipt issued) at `at`. */
async function pay(appointmentId: number, paidOn: string, at: Date) {
  const paid = await recordPayment(db, {
    appointmentId,
    payment: { amount_cents: 13500, method: 'card', paid_on: paidOn },
    recorder: { id: ids.sophie },
    locale: 'fr',
    now: at,
  });
  return paid.payments.at(-1)!.receipts[0]!;
}

/** A waitlist place joined at `at`, ended unless `status` is 'active'. */
async function waitlistPlace(person: Person, at: Date, status: 'active' | 'left' = 'left') {
  const [entry] = await db
    .insert(waitlistEntries)
    .values({
      patientId: 'patientId' in person ? person.patientId : null,
      guestContact: 'guest' in person ? person.guest : null,
      personKey: 'patientId' in person ? `patient:${person.patientId}` : `guest:${person.guest.email}`,
      serviceId: clinic.catalog.serviceId['individual-consultation']!,
      officeId: clinic.catalog.officeId.centretown!,
      sessionLanguage: 'fr',
      reasons: [clinic.catalog.skillId.diabetes!],
      fromDate: at.toISOString().slice(0, 10),
      toDate: new Date(at.getTime() + 30 * DAY).toISOString().slice(0, 10),
      timesOfDay: ['morning'],
      weekdays: [1, 2, 3],
      status,
      leaveTokenHash: hashToken(`leave-${at.getTime()}-${Math.random()}`),
      createdAt: at,
      endedAt: status === 'active' ? null : new Date(at.getTime() + 7 * DAY),
    })
    .returning();
  return entry!;
}

/** An intake form sent at `at`, by the account `user` (or as a guest), giving `dateOfBirth`. */
async function sendIntake(input: { email: string; firstName: string; lastName: string; dateOfBirth: string; at: Date; userId?: number }) {
  const complete = completeIntakeAnswers();
  const form = intakeSubmissionSchema.parse(
    completeIntakeSubmission({
      contact: { ...complete.contact, email: input.email, firstName: input.firstName, lastName: input.lastName },
      personalInformation: { ...complete.personalInformation, dateOfBirth: input.dateOfBirth },
    }),
  );
  const [user] = input.userId ? await db.select().from(users).where(eq(users.id, input.userId)) : [];
  return submitIntake(db, form, { ip: `203.0.113.${Math.floor(Math.random() * 250)}`, user: user ?? null }, input.at);
}

/** Closes the account as of `at`, the way closing it does, without its e-mails. */
async function markClosed(userId: number, at: Date) {
  await db.update(users).set({ closedAt: at, isActive: false, passwordHash: '' }).where(eq(users.id, userId));
}

const listed = async (subject: RecordSubject, now: Date): Promise<PurgeableRecord | undefined> =>
  (await findPurgeable(db, now)).find((record) => record.key === subjectKey(subject));

async function purgedAudit(subject: RecordSubject) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'records_purged'), eq(auditEvents.subject, subjectKey(subject))));
}

const accountExists = async (id: number) => (await db.select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;

/**
 * Every "table.column" that still holds the address, the last name or the account's id (by a
 * foreign key to users), scanning the whole schema: a table added later is scanned too.
 */
async function traces(person: { email: string; lastName?: string; userId?: number }): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    const config = getTableConfig(table);
    const userColumns = new Set(
      config.foreignKeys.flatMap((fk) => {
        const reference = fk.reference();
        return getTableName(reference.foreignTable) === 'users' ? reference.columns.map((c) => c.name) : [];
      }),
    );
    if (config.name === 'users') userColumns.add('id');
    for (const column of config.columns) {
      const type = column.getSQLType();
      const conditions: SQL[] = [];
      const value = sql`${sql.identifier(column.name)}::text`;
      if (type === 'text' || type === 'jsonb') {
        conditions.push(sql`lower(${value}) LIKE ${`%${person.email}%`}`);
        if (person.lastName) conditions.push(sql`${value} LIKE ${`%${person.lastName}%`}`);
      }
      if (person.userId !== undefined && userColumns.has(column.name)) conditions.push(sql`${sql.identifier(column.name)} = ${person.userId}`);
      if (conditions.length === 0) continue;
      const { rows } = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(config.name)} WHERE ${sql.join(conditions, sql` OR `)}`,
      );
      if (Number(rows[0]!.n) > 0) found.push(`${config.name}.${column.name}`);
    }
  }
  return found;
}

/** How many rows each table holds: a dry run changes none. */
async function tableSizes(): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await db.select({ n: count() }).from(table);
    sizes[getTableName(table)] = row!.n;
  }
  return sizes;
}

describe('the retention settings', () => {
  it('default to 10 years after the last contact, the 18th birthday, 6 years after the financial year and 2 years for contact messages, and refuse values out of range', () => {
    expect(parseConfig({})).toMatchObject({ retentionClinicalYears: 10, retentionMinorAge: 18, retentionFinancialYears: 6, retentionContactYears: 2 });
    expect(
      parseConfig({ RETENTION_CLINICAL_YEARS: '12', RETENTION_MINOR_AGE: '0', RETENTION_FINANCIAL_YEARS: '7', RETENTION_CONTACT_YEARS: '3' }),
    ).toMatchObject({
      retentionClinicalYears: 12,
      retentionMinorAge: 0,
      retentionFinancialYears: 7,
      retentionContactYears: 3,
    });
    for (const [variable, value] of [
      ['RETENTION_CLINICAL_YEARS', '0'],
      ['RETENTION_CLINICAL_YEARS', '101'],
      ['RETENTION_MINOR_AGE', '26'],
      ['RETENTION_MINOR_AGE', '-1'],
      ['RETENTION_FINANCIAL_YEARS', '0'],
      ['RETENTION_FINANCIAL_YEARS', 'six'],
      ['RETENTION_CONTACT_YEARS', '0'],
    ]) {
      expect(() => parseConfig({ [variable!]: value }), `${variable}=${value}`).toThrow(new RegExp(`\\b${variable}\\b`));
    }
  });
});

describe('a closed account', () => {
  it('is kept until 10 years after the last visit, to the millisecond, then every row about it goes, with an audit entry of counts', async () => {
    const email = 'camille.quenneville@example.com';
    const lastName = 'Quenneville';
    const person = await addPerson(db, { email, role: 'patient', firstName: 'Camille', lastName });
    const subject: RecordSubject = { kind: 'patient', patientId: person.id };
    const me: Person = { patientId: person.id };
    await db.insert(patientProfiles).values({
      userId: person.id,
      streetNumber: '120',
      streetName: 'Rideau Street',
      city: 'Ottawa',
      provinceCode: 'ON',
      countryCode: 'CA',
      postalCode: 'K1N5X6',
      preferredDietitianId: ids.claire,
    });
    // A form, a waitlist place with an offer, a cancelled visit, then the last visit: 15 March 2016, 10:00 in Ottawa.
    const { publicId } = await sendIntake({ email, firstName: 'Camille', lastName, dateOfBirth: '1980-05-05', at: new Date('2016-02-20T15:00:00Z'), userId: person.id });
    const [dietitian] = await db.select().from(users).where(eq(users.id, ids.claire));
    await readIntake(db, dietitian!, publicId, 'fr');
    const entry = await waitlistPlace(me, new Date('2015-10-01T14:00:00Z'));
    await db.insert(waitlistOffers).values({
      entryId: entry.id,
      employeeId: ids.claire,
      startsAt: new Date('2015-10-05T14:00:00Z'),
      endsAt: new Date('2015-10-05T14:50:00Z'),
      blockedUntil: new Date('2015-10-05T15:00:00Z'),
      tokenHash: hashToken(`offer-${person.id}`),
      status: 'expired',
      expiresAt: new Date('2015-10-02T14:00:00Z'),
    });
    await visit(me, new Date('2015-11-02T15:00:00Z'), { status: 'cancelled' });
    const last = await visit(me, new Date('2016-03-15T14:00:00Z'));
    await db.insert(appointmentLinks).values({ appointmentId: last.id, tokenHash: hashToken(`link-${person.id}`), expiresAt: new Date('2016-04-15T14:00:00Z') });
    await db.insert(handoutSends).values({ appointmentId: last.id, handoutId: await topicHandout(db), sentBy: ids.claire, sentAt: new Date('2016-03-16T14:00:00Z') });
    // The visit's chart entry, signed (a trigger keeps it from any change but the purge's), an addendum and a reading.
    const charted = new Date('2016-03-15T16:00:00Z');
    const note = await createChartEntry(db, { patientId: person.id, body: { appointment_id: last.id }, author: dietitian!, now: charted, locale: 'fr' });
    await signChartEntry(db, { publicId: note.entry.id, version: note.entry.version, author: dietitian!, now: charted, locale: 'fr' });
    await addAddendum(db, { publicId: note.entry.id, body: { reason: 'Précision', text: 'Addenda' }, author: dietitian!, now: charted });
    await readChart(db, { patientId: String(person.id), reader: dietitian!, locale: 'fr', now: charted });
    // Paid, then the receipt voided and reissued: a receipt that names its replacement.
    const first = await pay(last.id, '2016-03-15', new Date('2016-03-15T16:00:00Z'));
    await voidReceipt(db, { receiptId: first.id, correction: { reason: 'Paid in cash', method: 'cash' }, employee: { id: ids.sophie }, locale: 'fr', now: new Date('2016-03-16T15:00:00Z') });
    await db.insert(recordsRequests).values({ kind: 'access', patientId: person.id, receivedOn: '2016-04-01', dueOn: '2016-05-01', createdBy: ids.claire });
    await db.insert(contactMessages).values({ name: `Camille ${lastName}`, email, subject: 'Question', message: 'Privé', language: 'fr', ipHash: 'x', createdAt: new Date('2016-01-05T14:00:00Z') });
    await db.insert(dataExportLinks).values({ email, tokenHash: hashToken(`export-${person.id}`), expiresAt: new Date('2016-04-02T14:00:00Z') });

    // Closed on 1 May 2016, by the patient: what the closing e-mail says is kept until then.
    await db.update(users).set({ passwordHash: await hashPassword(PASSWORD) }).where(eq(users.id, person.id));
    const [account] = await db.select().from(users).where(eq(users.id, person.id));
    const closed = await closeAccount(db, account!, { password: PASSWORD, locale: 'fr', now: new Date('2016-05-01T14:00:00Z') });
    expect(closed.keptUntil).toBe('2026-03-15');
    await deliverMail();

    const boundary = new Date('2026-03-15T14:00:00.000Z');
    const before = new Date(boundary.getTime() - 1);
    expect(await listed(subject, before)).toBeUndefined();
    // The periods are the configuration's: with 5 clinical years it would have gone with the books of 2016.
    const shorter = await findPurgeable(db, new Date('2023-01-01T05:00:00Z'), { ...getConfig(), retentionClinicalYears: 5 });
    expect(shorter.map((r) => r.key)).toContain(subjectKey(subject));

    // The job runner, as the scheduler runs it.
    expect((await runJobsOnce(db, before)).retention).toMatchObject({ purged: 0, failed: 0 });
    expect(await accountExists(person.id)).toBe(true);
    expect((await runJobsOnce(db, boundary)).retention).toMatchObject({ purged: 1, failed: 0 });

    expect(await accountExists(person.id)).toBe(false);
    expect(await traces({ email, lastName, userId: person.id })).toEqual([]);
    const [audit, ...more] = await purgedAudit(subject);
    expect(more).toEqual([]);
    expect(audit!.actorUserId).toBeNull();
    expect(audit!.detail).toMatchObject({
      retain_until: boundary.toISOString(),
      users: 1,
      patient_profiles: 1,
      appointments: 2,
      appointment_links: 1,
      handout_sends: 1,
      chart_entries: 1,
      chart_addenda: 1,
      chart_access_log: 1,
      payments: 1,
      receipts: 2,
      waitlist_entries: 1,
      waitlist_offers: 1,
      intake_submissions: 1,
      intake_access_log: 1,
      records_requests: 1,
      contact_messages: 1,
      data_export_links: 1,
    });
    // The intake acknowledgement, two receipts and the closing e-mail.
    expect(audit!.detail.mail_queue).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(audit!.detail)).not.toMatch(/quenneville|camille/i);
  });

  it('is kept until the financial period ends when a payment’s year ends 6 years after the clinical bound', async () => {
    const person = await addPerson(db, { email: 'luc.vaillancourt@example.com', role: 'patient', firstName: 'Luc', lastName: 'Vaillancourt' });
    const subject: RecordSubject = { kind: 'patient', patientId: person.id };
    // The last visit on 10 May 2012 (clinical bound: 10 May 2022), paid on 1 June 2016: the books
    // of 2016 are kept until the end of 2022, midnight on 1 January 2023 in Ottawa.
    const last = await visit({ patientId: person.id }, new Date('2012-05-10T14:00:00Z'));
    await pay(last.id, '2016-06-01', new Date('2016-06-01T15:00:00Z'));
    await markClosed(person.id, new Date('2016-07-01T14:00:00Z'));
    await deliverMail();

    const boundary = new Date('2023-01-01T05:00:00.000Z');
    expect(await listed(subject, new Date('2022-05-10T14:00:00Z'))).toBeUndefined();
    expect(await listed(subject, new Date(boundary.getTime() - 1))).toBeUndefined();
    expect(await purgeExpiredRecords(db, new Date(boundary.getTime() - 1))).toMatchObject({ purged: 0, failed: 0 });
    expect(await accountExists(person.id)).toBe(true);
    expect((await listed(subject, boundary))?.retainUntil).toBe(boundary.toISOString());
    expect(await purgeExpiredRecords(db, boundary)).toMatchObject({ purged: 1, failed: 0 });
    expect(await accountExists(person.id)).toBe(false);
    expect(await db.select().from(payments).where(eq(payments.appointmentId, last.id))).toEqual([]);
    expect(await db.select().from(receipts).where(eq(receipts.appointmentId, last.id))).toEqual([]);
    expect((await purgedAudit(subject))[0]!.detail).toMatchObject({ retain_until: boundary.toISOString(), payments: 1, receipts: 1, appointments: 1 });
  });

  it('is kept until 10 years after its last chart entry when one follows the last visit (a phone call charted later)', async () => {
    const person = await addPerson(db, { email: 'remi.lachance@example.com', role: 'patient', firstName: 'Rémi', lastName: 'Lachance' });
    const subject: RecordSubject = { kind: 'patient', patientId: person.id };
    await visit({ patientId: person.id }, new Date('2014-04-01T14:00:00Z'));
    const [dietitian] = await db.select().from(users).where(eq(users.id, ids.claire));
    const call = new Date('2015-09-15T18:30:00Z');
    const note = await createChartEntry(db, { patientId: person.id, body: { template: 'note', occurred_at: call.toISOString() }, author: dietitian!, now: call, locale: 'fr' });
    await signChartEntry(db, { publicId: note.entry.id, version: note.entry.version, author: dietitian!, now: call, locale: 'fr' });
    await markClosed(person.id, new Date('2016-01-01T14:00:00Z'));

    const boundary = new Date('2025-09-15T18:30:00.000Z');
    expect(await listed(subject, new Date('2024-04-01T14:00:00Z'))).toBeUndefined();
    expect(await listed(subject, new Date(boundary.getTime() - 1))).toBeUndefined();
    expect((await listed(subject, boundary))?.retainUntil).toBe(boundary.toISOString());
    expect(await purgeExpiredRecords(db, boundary)).toMatchObject({ purged: 1, failed: 0 });
    expect(await db.select().from(chartEntries).where(eq(chartEntries.patientId, person.id))).toEqual([]);
  });

  it('is kept, for someone seen as a child, until 10 years after their 18th birthday (from the latest form that gives it)', async () => {
    const email = 'zoe.desrochers@example.com';
    const person = await addPerson(db, { email, role: 'patient', firstName: 'Zoé', lastName: 'Desrochers' });
    const subject: RecordSubject = { kind: 'patient', patientId: person.id };
    // An older form with a mistyped year, then the right one: born 1 September 2005.
    await sendIntake({ email, firstName: 'Zoé', lastName: 'Desrochers', dateOfBirth: '2004-09-01', at: new Date('2013-01-15T15:00:00Z'), userId: person.id });
    await sendIntake({ email, firstName: 'Zoé', lastName: 'Desrochers', dateOfBirth: '2005-09-01', at: new Date('2014-02-01T15:00:00Z'), userId: person.id });
    await visit({ patientId: person.id }, new Date('2014-02-10T15:00:00Z'));
    await markClosed(person.id, new Date('2015-01-01T15:00:00Z'));
    await deliverMail();

    // Ten years after the last visit (10 February 2024) is not enough: 18 on 1 September 2023,
    // kept until 1 September 2033, midnight in Ottawa.
    const boundary = new Date('2033-09-01T04:00:00.000Z');
    expect(await listed(subject, new Date('2024-02-10T15:00:00Z'))).toBeUndefined();
    expect(await listed(subject, new Date('2032-09-01T04:00:00Z'))).toBeUndefined();
    expect(await purgeExpiredRecords(db, new Date(boundary.getTime() - 1))).toMatchObject({ purged: 0, failed: 0 });
    expect(await accountExists(person.id)).toBe(true);
    expect((await listed(subject, boundary))?.retainUntil).toBe(boundary.toISOString());
    expect(await purgeExpiredRecords(db, boundary)).toMatchObject({ purged: 1, failed: 0 });
    expect(await accountExists(person.id)).toBe(false);
    expect(await db.select().from(intakeSubmissions).where(eq(intakeSubmissions.email, email))).toEqual([]);
    expect((await purgedAudit(subject))[0]!.detail).toMatchObject({ intake_submissions: 2, appointments: 1 });
  });

  it('that a patient closed before any visit is purged at the next run; the dry run lists it and deletes nothing', async () => {
    const person = await addPerson(db, { email: 'noah.pelletier@example.com', role: 'patient', firstName: 'Noah', lastName: 'Pelletier' });
    const subject: RecordSubject = { kind: 'patient', patientId: person.id };
    const closedAt = new Date('2026-11-01T14:00:00Z');
    await markClosed(person.id, closedAt);
    const next = new Date(closedAt.getTime() + MINUTE);

    const sizes = await tableSizes();
    const record = await listed(subject, next);
    expect(record).toMatchObject({ key: `patient:${person.id}`, subject, retainUntil: null });
    expect(Object.entries(record!.rows).filter(([, n]) => n > 0)).toEqual([
      ['sessions', 1],
      ['users', 1],
    ]);
    expect(await tableSizes()).toEqual(sizes);
    expect(await accountExists(person.id)).toBe(true);

    expect(await purgeExpiredRecords(db, next)).toMatchObject({ purged: 1, failed: 0 });
    expect(await accountExists(person.id)).toBe(false);
  });

  it('goes without the guest forms sent with its address, which it read: they are the guest’s record, kept to their own end', async () => {
    const email = 'anne.bellefeuille@example.com';
    const person = await addPerson(db, { email, role: 'patient', firstName: 'Anne', lastName: 'Bellefeuille' });
    const guestSubject: RecordSubject = { kind: 'guest', email };
    await visit({ patientId: person.id }, new Date('2016-01-12T15:00:00Z'));
    const { publicId } = await sendIntake({ email, firstName: 'Anne', lastName: 'Bellefeuille', dateOfBirth: '1975-03-03', at: new Date('2018-01-10T15:00:00Z') });
    const [account] = await db.select().from(users).where(eq(users.id, person.id));
    await readIntake(db, account!, publicId, 'fr');
    await markClosed(person.id, new Date('2018-02-01T15:00:00Z'));
    await deliverMail();

    expect(await purgeExpiredRecords(db, new Date('2026-01-12T15:00:00Z'))).toMatchObject({ purged: 1, failed: 0 });
    expect(await accountExists(person.id)).toBe(false);
    // Her reading of the form went with her; the form, and the e-mails to the address, stay.
    expect(await db.select().from(intakeAccessLog).where(eq(intakeAccessLog.readerUserId, person.id))).toEqual([]);
    expect(await db.select({ id: intakeSubmissions.id }).from(intakeSubmissions).where(eq(intakeSubmissions.publicId, publicId))).toHaveLength(1);
    expect((await db.select().from(mailQueue).where(eq(mailQueue.recipient, email))).length).toBeGreaterThan(0);

    const boundary = new Date('2028-01-10T15:00:00.000Z');
    expect(await listed(guestSubject, new Date(boundary.getTime() - 1))).toBeUndefined();
    expect((await runJobsOnce(db, boundary)).retention).toMatchObject({ purged: 1, failed: 0 });
    expect(await traces({ email, lastName: 'Bellefeuille', userId: person.id })).toEqual([]);
  });
  it('whose purge fails is kept whole, the others still go, and the next run tries again', async () => {
    const stuck = await addPerson(db, { email: 'jules.archambault@example.com', role: 'patient', firstName: 'Jules', lastName: 'Archambault' });
    const other = await addPerson(db, { email: 'ines.morissette@example.com', role: 'patient', firstName: 'Inès', lastName: 'Morissette' });
    const stuckVisit = await visit({ patientId: stuck.id }, new Date('2013-04-08T14:00:00Z'));
    await visit({ patientId: other.id }, new Date('2013-04-09T14:00:00Z'));
    await markClosed(stuck.id, new Date('2014-01-06T15:00:00Z'));
    await markClosed(other.id, new Date('2014-01-06T15:00:00Z'));
    // A row no purge rule knows of, that keeps the account from being deleted (as a table added
    // later without its rule would): here a request the account itself is said to have recorded.
    const [blocker] = await db
      .insert(recordsRequests)
      .values({ kind: 'access', guestEmail: 'someone@example.com', receivedOn: '2014-01-02', dueOn: '2014-02-01', createdBy: stuck.id })
      .returning();
    const now = new Date('2023-04-10T14:00:00Z');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await purgeExpiredRecords(db, now)).toMatchObject({ purged: 1, failed: 1 });
      expect(errors.mock.calls.flat().join('\n')).toMatch(new RegExp(`^\\[retention\\] patient:${stuck.id}: purge failed \\(.*records_requests_created_by_users_id_fk\\)`));
      expect(errors.mock.calls.flat().join('\n')).not.toMatch(/archambault|jules/i);
    } finally {
      errors.mockRestore();
    }
    expect(await accountExists(other.id)).toBe(false);
    // Nothing of the failed one went: its visit is still there, and no audit entry says otherwise.
    expect(await accountExists(stuck.id)).toBe(true);
    expect(await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, stuckVisit.id))).toHaveLength(1);
    expect(await purgedAudit({ kind: 'patient', patientId: stuck.id })).toEqual([]);

    await db.delete(recordsRequests).where(eq(recordsRequests.id, blocker!.id));
    expect(await purgeExpiredRecords(db, now)).toMatchObject({ purged: 1, failed: 0 });
    expect(await accountExists(stuck.id)).toBe(false);
  });
});

describe('a guest', () => {
  it('is purged, by e-mail address, at their boundary; an open account with the same name and dates is untouched', async () => {
    const email = 'marie.lavoie-ducharme@example.com';
    const guest: GuestContact = { firstName: 'Marie', lastName: 'Lavoie-Ducharme', email, phone: '16135550142' };
    const subject: RecordSubject = { kind: 'guest', email };
    // The namesake: an open account, the same history on the same dates, with another dietitian.
    const twin = await addPerson(db, { email: 'm.lavoie@example.org', role: 'patient', firstName: 'Marie', lastName: 'Lavoie-Ducharme' });
    const history = async (person: Person, address: string, employeeId: number) => {
      await waitlistPlace(person, new Date('2015-09-01T14:00:00Z'));
      await sendIntake({ email: address, firstName: 'Marie', lastName: 'Lavoie-Ducharme', dateOfBirth: '1970-01-20', at: new Date('2015-09-20T15:00:00Z'), userId: 'patientId' in person ? person.patientId : undefined });
      const last = await visit(person, new Date('2015-10-05T15:00:00Z'), { employeeId });
      await pay(last.id, '2015-10-05', new Date('2015-10-05T17:00:00Z'));
      await db.insert(appointmentLinks).values({ appointmentId: last.id, tokenHash: hashToken(`link-${address}`), expiresAt: new Date('2015-11-05T15:00:00Z') });
      return last;
    };
    const guestVisit = await history({ guest }, email, ids.claire);
    const twinVisit = await history({ patientId: twin.id }, twin.email, ids.sophie);
    await db.insert(recordsRequests).values({ kind: 'access', guestEmail: email, receivedOn: '2016-01-04', dueOn: '2016-02-03', createdBy: ids.claire });
    await db.insert(contactMessages).values({ name: 'Marie Lavoie-Ducharme', email, subject: 'Question', message: 'Privé', language: 'fr', ipHash: 'x' });
    await db.insert(dataExportLinks).values({ email, tokenHash: hashToken(`export-${email}`), expiresAt: new Date('2016-01-02T14:00:00Z') });
    await deliverMail();
    const twinBefore = await traces({ email: twin.email, userId: twin.id });
    const twinRows = async () => ({
      appointments: await db.select().from(appointments).where(eq(appointments.patientId, twin.id)),
      payments: await db.select().from(payments).where(eq(payments.appointmentId, twinVisit.id)),
      receipts: await db.select().from(receipts).where(eq(receipts.appointmentId, twinVisit.id)),
      forms: await db.select().from(intakeSubmissions).where(eq(intakeSubmissions.userId, twin.id)),
      places: await db.select().from(waitlistEntries).where(eq(waitlistEntries.patientId, twin.id)),
      mail: await db.select().from(mailQueue).where(eq(mailQueue.recipient, twin.email)),
    });
    const twinBeforeRows = await twinRows();
    expect(twinBeforeRows.receipts).toHaveLength(1);

    // The last contact was the visit of 5 October 2015 at 11:00 in Ottawa.
    const boundary = new Date('2025-10-05T15:00:00.000Z');
    expect(await purgeExpiredRecords(db, new Date(boundary.getTime() - 1))).toMatchObject({ purged: 0, failed: 0 });
    expect(await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, guestVisit.id))).toHaveLength(1);
    expect(await runJobsOnce(db, boundary)).toMatchObject({ retention: { purged: 1, failed: 0 } });

    expect(await traces({ email, lastName: undefined })).toEqual([]);
    expect(await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, guestVisit.id))).toEqual([]);
    const [audit] = await purgedAudit(subject);
    expect(audit!.subject).toMatch(/^guest:[0-9a-f]{64}$/);
    expect(audit!.detail).toMatchObject({
      retain_until: boundary.toISOString(),
      appointments: 1,
      payments: 1,
      receipts: 1,
      appointment_links: 1,
      waitlist_entries: 1,
      intake_submissions: 1,
      records_requests: 1,
      contact_messages: 1,
      data_export_links: 1,
      users: 0,
    });
    expect(JSON.stringify(audit)).not.toContain('lavoie');
    // The namesake keeps everything.
    expect(await accountExists(twin.id)).toBe(true);
    expect(await twinRows()).toEqual(twinBeforeRows);
    // The job runner's housekeeping deleted the day-old rate-limit counters; nothing else changed.
    expect(await traces({ email: twin.email, userId: twin.id })).toEqual(twinBefore.filter((column) => column !== 'rate_limit_events.key'));
  });

  it('sent with an open account’s address goes, for the guest rows only: the account and the e-mails to its address stay', async () => {
    const email = 'paul.thibodeau@example.com';
    const account = await addPerson(db, { email, role: 'patient', firstName: 'Paul', lastName: 'Thibodeau' });
    const guest: GuestContact = { firstName: 'Paul', lastName: 'Thibodeau', email, phone: '16135550177' };
    const guestVisit = await visit({ guest }, new Date('2014-06-02T14:00:00Z'));
    await pay(guestVisit.id, '2014-06-02', new Date('2014-06-02T16:00:00Z'));
    const own = await visit({ patientId: account.id }, new Date('2024-06-03T14:00:00Z'));
    await deliverMail();
    const mails = await db.select({ id: mailQueue.id }).from(mailQueue).where(eq(mailQueue.recipient, email));
    expect(mails.length).toBeGreaterThan(0);

    expect(await purgeExpiredRecords(db, new Date('2024-06-02T14:00:00.000Z'))).toMatchObject({ purged: 1, failed: 0 });
    expect(await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, guestVisit.id))).toEqual([]);
    expect(await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, own.id))).toHaveLength(1);
    expect(await accountExists(account.id)).toBe(true);
    expect(await db.select({ id: mailQueue.id }).from(mailQueue).where(eq(mailQueue.recipient, email))).toEqual(mails);
    expect((await purgedAudit({ kind: 'guest', email }))[0]!.detail).toMatchObject({ appointments: 1, payments: 1, receipts: 1, mail_queue: 0 });
  });

  it('is kept until the end of the receipt’s year when it was issued in the year after the payment', async () => {
    const email = 'eric.fortin-lacasse@example.com';
    const guest: GuestContact = { firstName: 'Éric', lastName: 'Fortin-Lacasse', email, phone: '16135550180' };
    const subject: RecordSubject = { kind: 'guest', email };
    const last = await visit({ guest }, new Date('2012-12-10T15:00:00Z'));
    // Paid on 30 December 2016, recorded (the receipt issued) on 3 January 2017: kept to the end of 2023.
    await pay(last.id, '2016-12-30', new Date('2017-01-03T15:00:00Z'));
    await deliverMail();
    const boundary = new Date('2024-01-01T05:00:00.000Z');
    expect(await listed(subject, new Date('2023-01-01T05:00:00Z'))).toBeUndefined();
    expect(await purgeExpiredRecords(db, new Date(boundary.getTime() - 1))).toMatchObject({ purged: 0, failed: 0 });
    expect((await listed(subject, boundary))?.retainUntil).toBe(boundary.toISOString());
    expect(await purgeExpiredRecords(db, boundary)).toMatchObject({ purged: 1, failed: 0 });
    expect(await traces({ email })).toEqual([]);
  });
});

describe('never purged', () => {
  it('is someone with a visit to come, an active waitlist place, or an e-mail still to send', async () => {
    const booked: GuestContact = { firstName: 'Hugo', lastName: 'Brassard', email: 'hugo.brassard@example.com', phone: '16135550190' };
    await visit({ guest: booked }, new Date('2010-03-01T15:00:00Z'));
    const upcoming = await visit({ guest: booked }, new Date('2031-04-01T14:00:00Z'), { status: 'booked' });
    const waiting = await addPerson(db, { email: 'lea.marchand@example.com', role: 'patient', firstName: 'Léa', lastName: 'Marchand' });
    await visit({ patientId: waiting.id }, new Date('2011-05-02T14:00:00Z'));
    await waitlistPlace({ patientId: waiting.id }, new Date('2012-01-09T15:00:00Z'), 'active');
    await markClosed(waiting.id, new Date('2012-02-01T15:00:00Z'));
    const mailed = await addPerson(db, { email: 'yves.cormier@example.com', role: 'patient', firstName: 'Yves', lastName: 'Cormier' });
    await visit({ patientId: mailed.id }, new Date('2011-06-06T14:00:00Z'));
    await markClosed(mailed.id, new Date('2012-02-01T15:00:00Z'));
    await deliverMail();
    // An e-mail the queue has not sent yet (its next try in an hour).
    await db.insert(mailQueue).values({
      purpose: 'account closed',
      recipient: mailed.email,
      language: 'fr',
      subject: 'Compte fermé',
      textBody: 'Bonjour',
      htmlBody: '<p>Bonjour</p>',
      nextAttemptAt: new Date(Date.now() + 60 * MINUTE),
    });

    // While the visit is to come. Once it is over, a visit nobody marked still counts as a contact
    // (it holds the record 10 years more), but no longer holds it forever.
    for (const now of [new Date('2031-03-01T14:00:00Z'), new Date('2060-01-01T00:00:00Z')]) {
      const keys = (await findPurgeable(db, now)).map((r) => r.key);
      if (now.getUTCFullYear() < 2041) expect(keys).not.toContain(subjectKey({ kind: 'guest', email: booked.email }));
      else expect(keys).toContain(subjectKey({ kind: 'guest', email: booked.email }));
      expect(keys).not.toContain(`patient:${waiting.id}`);
      expect(keys).not.toContain(`patient:${mailed.id}`);
      expect((await purgeExpiredRecords(db, now)).failed).toBe(0);
      expect(await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, upcoming.id))).toHaveLength(now.getUTCFullYear() < 2041 ? 1 : 0);
      expect(await accountExists(waiting.id)).toBe(true);
      expect(await accountExists(mailed.id)).toBe(true);
    }

    // Once the e-mail is sent, that record goes at the next run.
    await db.update(mailQueue).set({ status: 'sent', sentAt: new Date() }).where(eq(mailQueue.recipient, mailed.email));
    await purgeExpiredRecords(db, new Date('2060-01-01T00:00:00Z'));
    expect(await accountExists(mailed.id)).toBe(false);
  });
});

describe('a contact message', () => {
  it('that led to no record goes 2 years after it was sent, to the millisecond, with an audit entry of the count; one whose address has a record stays', async () => {
    const sent = new Date('2019-03-04T15:00:00Z');
    // Two years later on the clinic's calendar: the same wall time (both dates are in winter time).
    const boundary = new Date('2021-03-04T15:00:00Z');
    const message = async (email: string) => {
      const [row] = await db
        .insert(contactMessages)
        .values({ name: 'Une personne', email, subject: 'Question', message: 'Privé', language: 'fr', ipHash: 'x', createdAt: sent })
        .returning({ id: contactMessages.id });
      return row!.id;
    };
    const stranger = await message('juste.une.question@example.com');
    const guest: GuestContact = { firstName: 'Rémi', lastName: 'Gauthier', email: 'remi.gauthier@example.com', phone: '16135550191' };
    await visit({ guest }, new Date('2019-04-01T14:00:00Z'));
    const ofGuest = await message(guest.email);
    const patient = await addPerson(db, { email: 'ines.bergeron@example.com', role: 'patient', firstName: 'Inès', lastName: 'Bergeron' });
    const ofPatient = await message(patient.email);
    const remaining = async () =>
      (await db.select({ id: contactMessages.id }).from(contactMessages).where(inArray(contactMessages.id, [stranger, ofGuest, ofPatient]))).map((r) => r.id).sort();

    const before = new Date(boundary.getTime() - 1);
    expect(await countStaleContactMessages(db, before)).toBe(0);
    expect(await purgeExpiredRecords(db, before)).toMatchObject({ purged: 0, failed: 0, contactMessages: 0 });
    expect(await countStaleContactMessages(db, boundary)).toBe(1);
    // RETENTION_CONTACT_YEARS moves the boundary.
    expect(await countStaleContactMessages(db, boundary, { ...getConfig(), retentionContactYears: 3 })).toBe(0);
    expect(await remaining()).toEqual([stranger, ofGuest, ofPatient].sort());

    expect(await purgeExpiredRecords(db, boundary)).toMatchObject({ purged: 0, failed: 0, contactMessages: 1 });
    expect(await remaining()).toEqual([ofGuest, ofPatient].sort());
    const audits = await db.select().from(auditEvents).where(eq(auditEvents.action, 'contact_messages_purged'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ subject: null, actorUserId: null, detail: { contact_messages: 1 } });
    expect(JSON.stringify(audits)).not.toContain('juste.une.question');
  });
});
