// The clinic of `bench:retention` (issue #30), also backed up by `bench:backup` (issue #39):
// 30,000 visits and 60,000 e-mails sent, 6,000 people of them past their retention (3,000
// guests, 3,000 closed accounts), 1,000 open accounts, 1,500 recent guests and 2,000 contact
// messages. One dietitian, one visit an hour, so none overlaps.
import { sql } from 'drizzle-orm';
import type { Database } from '../../lib/server/db/client';
import { appointments, contactMessages, mailQueue, users, type GuestContact } from '../../lib/server/db/schema';
import { recordsBenchReferences } from './clinic';

const HOUR = 3_600_000;
const DUE_GUESTS = 3_000;
const DUE_PATIENTS = 3_000;
const LIVE_PATIENTS = 1_000;
const LIVE_GUESTS = 1_500;
const BATCH = 500;

interface Person {
  patientId: number | null;
  email: string;
  visits: number;
  /** The first visit's hour, counted from `from`. */
  from: number;
}

async function insertBatched<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** One visit an hour (one dietitian, so none overlaps), two e-mails each, from `start`. */
async function seedVisits(db: Database, people: Person[], start: Date, ids: { employeeId: number; serviceId: number; officeId: number; skillId: number }) {
  const visits: (typeof appointments.$inferInsert)[] = [];
  const mails: (typeof mailQueue.$inferInsert)[] = [];
  let hour = 0;
  for (const person of people) {
    const guest: GuestContact | null = person.patientId === null ? { firstName: 'Invité', lastName: `N${hour}`, email: person.email, phone: '16135550100' } : null;
    for (let k = 0; k < person.visits; k++, hour++) {
      const startsAt = new Date(start.getTime() + hour * HOUR);
      visits.push({
        patientId: person.patientId,
        guestContact: guest,
        employeeId: ids.employeeId,
        serviceId: ids.serviceId,
        officeId: ids.officeId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 50 * 60_000),
        blockedUntil: new Date(startsAt.getTime() + 55 * 60_000),
        sessionLanguage: 'fr',
        reasons: [ids.skillId],
        status: 'completed',
        priceCents: 13_500,
        taxCents: 0,
        totalCents: 13_500,
        createdAt: new Date(startsAt.getTime() - 7 * 24 * HOUR),
      });
      for (const subject of ['Rendez-vous confirmé', 'Rappel de rendez-vous']) {
        mails.push({ purpose: 'appointment', recipient: person.email, language: 'fr', subject, textBody: '-', htmlBody: '<p>-</p>', status: 'sent', sentAt: startsAt, createdAt: startsAt });
      }
    }
  }
  await insertBatched(visits, (batch) => db.insert(appointments).values(batch));
  await insertBatched(mails, (batch) => db.insert(mailQueue).values(batch));
  return visits.length;
}

/** Seeds the clinic into a migrated database holding the reference data; ANALYZEs it. */
export async function seedRecordsClinic(db: Database): Promise<{ visits: number; due: number; liveGuests: string[]; messages: number }> {
  const { service, office, skill, dietitian } = await recordsBenchReferences(db);
  const ids = { employeeId: dietitian.id, serviceId: service.id, officeId: office.id, skillId: skill.id };

  const accounts = async (count: number, prefix: string, closedAt: Date | null) => {
    const rows = Array.from({ length: count }, (_, i) => ({
      email: `${prefix}${i}@bench.test`,
      passwordHash: closedAt ? '' : 'bench',
      firstName: 'Patient',
      lastName: `${prefix}${i}`,
      isPatient: true,
      isActive: closedAt === null,
      closedAt,
    }));
    const created: { id: number; email: string }[] = [];
    await insertBatched(rows, async (batch) => created.push(...(await db.insert(users).values(batch).returning({ id: users.id, email: users.email }))));
    return created;
  };
  const duePatients = await accounts(DUE_PATIENTS, 'closed', new Date('2011-06-01T12:00:00Z'));
  const livePatients = await accounts(LIVE_PATIENTS, 'open', null);
  const guests = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}${i}@guest.bench.test`);
  const dueGuests = guests(DUE_GUESTS, 'old');
  const liveGuests = guests(LIVE_GUESTS, 'recent');

  // Visits of the people due from 2009 (their last contact before 2011: past 10 years), of the
  // others from 2024.
  const due: Person[] = [
    ...dueGuests.map((email, i) => ({ patientId: null, email, visits: 4, from: i })),
    ...duePatients.map((p, i) => ({ patientId: p.id, email: p.email, visits: 2, from: i })),
  ];
  const live: Person[] = [
    ...livePatients.map((p, i) => ({ patientId: p.id, email: p.email, visits: 6, from: i })),
    ...liveGuests.map((email, i) => ({ patientId: null, email, visits: 4, from: i })),
  ];
  const visits = (await seedVisits(db, due, new Date('2009-01-05T14:00:00Z'), ids)) + (await seedVisits(db, live, new Date('2024-01-08T14:00:00Z'), ids));
  const messages = [...dueGuests.slice(0, 1_000), ...liveGuests.slice(0, 1_000)].map((email) => ({
    name: 'Bench',
    email,
    subject: 'Question',
    message: '-',
    language: 'fr' as const,
    ipHash: 'x',
    createdAt: new Date('2024-05-01T12:00:00Z'),
  }));
  await insertBatched(messages, (batch) => db.insert(contactMessages).values(batch));

  await db.execute(sql`ANALYZE`);
  return { visits, due: due.length, liveGuests, messages: messages.length };
}
