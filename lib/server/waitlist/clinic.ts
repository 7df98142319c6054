import 'server-only';
import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import type { ClinicWaitlistEntry, ClinicWaitlistQuery } from '@/lib/schemas/waitlist';
import type { Database } from '@/lib/server/db/client';
import { groupTopics, offices, services, users, waitlistEntries, waitlistOffers, type WaitlistEntry } from '@/lib/server/db/schema';
import { serviceNameIn } from '@/lib/server/groups/groupService';
import { AppError } from '@/lib/server/http/appError';
import { pathId } from '@/lib/server/http/pathId';
import { waitlistRemovedEmail } from '@/lib/server/email';
import { kickMailQueue, queueEmail } from '@/lib/server/email/queue';
import { announce } from '@/lib/server/events/announce';
import { endEntry, recipientOf } from './entries';

/**
 * The clinic's view of the waitlist (issue #16 item 4): the active entries, oldest first, with
 * whom to reach and what they wait for, filtered by service, chosen dietitian, office and a
 * date inside the window. Every employee sees it (the booking desk is shared). Never the reasons
 * or the message: the list has no use for them.
 */

const notFound = () => new AppError('waitlist_entry_not_found', 404, 'waitlistEntryNotFound');

/** The entry's shape (lib/schemas/waitlist.ts), one type for the handler and the browser. */
export type { ClinicWaitlistEntry };

export async function listWaitlist(db: Database, query: ClinicWaitlistQuery, locale: Locale): Promise<ClinicWaitlistEntry[]> {
  const filters: (SQL | undefined)[] = [
    eq(waitlistEntries.status, 'active'),
    query.service_id === undefined ? undefined : eq(waitlistEntries.serviceId, query.service_id),
    query.employee_id === undefined ? undefined : eq(waitlistEntries.employeeId, query.employee_id),
    query.office_id === undefined ? undefined : eq(waitlistEntries.officeId, query.office_id),
    query.date === undefined ? undefined : and(lte(waitlistEntries.fromDate, query.date), gte(waitlistEntries.toDate, query.date)),
  ];
  const rows = await db
    .select({ entry: waitlistEntries, service: services, office: offices, topic: groupTopics })
    .from(waitlistEntries)
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .innerJoin(offices, eq(offices.id, waitlistEntries.officeId))
    .leftJoin(groupTopics, eq(groupTopics.id, waitlistEntries.groupTopicId))
    .where(and(...filters))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(500);
  const entryIds = rows.map((r) => r.entry.id);
  const offers = entryIds.length
    ? await db.select().from(waitlistOffers).where(and(inArray(waitlistOffers.entryId, entryIds), eq(waitlistOffers.status, 'open')))
    : [];
  const userIds = [
    ...new Set(rows.flatMap((r) => [r.entry.patientId, r.entry.employeeId]).concat(offers.map((o) => o.employeeId)).filter((id): id is number => id !== null)),
  ];
  const people = userIds.length
    ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone }).from(users).where(inArray(users.id, userIds))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  const nameOf = (id: number | null) => {
    const person = id === null ? undefined : byId.get(id);
    return person ? fullName(person) : '';
  };
  const fr = locale === 'fr';
  return rows.map(({ entry, service, office, topic }) => {
    const patient = entry.patientId === null ? undefined : byId.get(entry.patientId);
    const guest = entry.guestContact;
    const offer = offers.find((o) => o.entryId === entry.id);
    return {
      id: entry.id,
      created_at: entry.createdAt.toISOString(),
      person: patient
        ? { name: nameOf(patient.id), email: patient.email, phone: patient.phone ?? null, kind: 'patient', patient_id: patient.id }
        : { name: guest ? fullName(guest) : '', email: guest?.email ?? '', phone: guest?.phone ?? null, kind: 'guest', patient_id: null },
      session_language: entry.sessionLanguage,
      service: { id: service.id, name: serviceNameIn(locale, service, topic) },
      office: { id: office.id, name: fr ? office.nameFr : office.nameEn, is_virtual: office.isVirtual },
      dietitian: entry.employeeId === null ? null : { id: entry.employeeId, name: nameOf(entry.employeeId) },
      from_date: entry.fromDate,
      to_date: entry.toDate,
      times_of_day: entry.timesOfDay,
      weekdays: entry.weekdays,
      open_offer: offer
        ? { start: offer.startsAt.toISOString(), end: offer.endsAt.toISOString(), expires_at: offer.expiresAt.toISOString(), dietitian_name: nameOf(offer.employeeId) }
        : null,
    };
  });
}

/** An active entry by id, for the clinic's calls; 404 otherwise. */
export async function activeEntry(db: Database, id: number): Promise<WaitlistEntry> {
  const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  if (!entry || entry.status !== 'active') throw notFound();
  return entry;
}

/**
 * DELETE /api/clinic/waitlist/<id>: takes an entry off the list (its open offer is withdrawn, and
 * its time goes on to the next entries) and tells the person, in the entry's language, in the
 * same transaction.
 */
export async function removeEntry(db: Database, id: number, now: Date): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const ended = await endEntry(tx, id, 'removed', now);
    if (!ended) return null;
    const [row] = await tx
      .select({ entry: waitlistEntries, service: services, topic: groupTopics })
      .from(waitlistEntries)
      .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
      .leftJoin(groupTopics, eq(groupTopics.id, waitlistEntries.groupTopicId))
      .where(eq(waitlistEntries.id, id));
    const recipient = row ? await recipientOf(tx, row.entry) : null;
    if (row && recipient) {
      const language = row.entry.sessionLanguage;
      const content = waitlistRemovedEmail({ language, firstName: recipient.firstName, serviceName: serviceNameIn(language, row.service, row.topic) });
      await queueEmail(tx, { purpose: 'waitlist removed', message: { to: recipient.email, language, ...content } });
    }
    return ended;
  });
  if (!removed) throw notFound();
  void kickMailQueue();
  if (removed.freedTime) announce('time-freed');
}

/** An entry id from the address: digits only, else not found. */
export function entryIdOf(param: string): number {
  return pathId(param, notFound);
}
