import 'server-only';
import { and, asc, eq, gte, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import type { AppointmentOptions } from '@/lib/schemas/bookingSlots';
import { slotUnavailable } from '@/lib/server/booking/appointments';
import { addDays, utcToLocalDate, zonedDateTimeToUtc } from '@/lib/server/booking/clinicTime';
import { earliestBookableStartMs } from '@/lib/server/booking/rules';
import type { Database } from '@/lib/server/db/client';
import { groupSessions, groupTopics, users, type GroupSession, type services } from '@/lib/server/db/schema';
import { seatPrice, seatsLeftIn, sessionCancelled } from './seats';

type ServiceRow = typeof services.$inferSelect;

export interface GroupSessionQuery {
  officeId: number;
  sessionLanguage: Locale;
  serviceId: number;
  /** A seat's move: only this topic's single sessions, other than the seat's own. */
  moveFrom?: { topicId: number; sessionId: number };
  /** A waitlist place's seat: only this topic's sessions. */
  topicId?: number;
}

/** A session opens to seats while scheduled, at the service's notice; a series, while its first meeting does. */
const bookable = (service: ServiceRow, now: Date) =>
  and(eq(groupSessions.status, 'scheduled'), gte(groupSessions.startsAt, new Date(earliestBookableStartMs(now, service.minAdvanceBookingHours))));

/**
 * The date step of a group service (issue #28): the sessions of the window at the chosen office
 * (or virtual) in the session's language, by local date, each with its topic, dietitian and
 * seats left (a full one too, shown full and not choosable). A series is listed once, at its first
 * meeting, with how many meetings its seat holds.
 */
export async function groupSessionOptions(
  db: Database,
  query: GroupSessionQuery,
  service: ServiceRow,
  window: { now: Date; timeZone: string; fromDate: string; toDate: string },
): Promise<AppointmentOptions> {
  const from = zonedDateTimeToUtc(window.fromDate, 0, window.timeZone)!;
  const to = zonedDateTimeToUtc(addDays(window.toDate, 1), 0, window.timeZone)!;
  const dietitian = alias(users, 'dietitian');
  const rows = await db
    .select({ session: groupSessions, topic: groupTopics, dietitian: { id: dietitian.id, firstName: dietitian.firstName, lastName: dietitian.lastName } })
    .from(groupSessions)
    .innerJoin(groupTopics, eq(groupTopics.id, groupSessions.topicId))
    .innerJoin(dietitian, eq(dietitian.id, groupSessions.employeeId))
    .where(
      and(
        eq(groupSessions.serviceId, query.serviceId),
        eq(groupSessions.officeId, query.officeId),
        eq(groupSessions.sessionLanguage, query.sessionLanguage),
        eq(groupTopics.active, true),
        bookable(service, window.now),
        ...(query.topicId !== undefined ? [eq(groupSessions.topicId, query.topicId)] : []),
        ...(query.moveFrom ? [eq(groupSessions.topicId, query.moveFrom.topicId), ne(groupSessions.id, query.moveFrom.sessionId), isNull(groupSessions.seriesId)] : []),
        gte(groupSessions.startsAt, from),
        lt(groupSessions.startsAt, to),
      ),
    )
    .orderBy(asc(groupSessions.startsAt), asc(groupSessions.id));
  const meetings = await meetingsOfSeries(db, rows.map((row) => row.session));
  const options: AppointmentOptions = {};
  for (const { session, topic, dietitian: person } of rows) {
    const series = session.seriesId === null ? null : (meetings.get(session.seriesId) ?? []);
    // A series is booked from its first meeting only.
    if (series && series[0]?.id !== session.id) continue;
    const date = utcToLocalDate(session.startsAt, window.timeZone);
    (options[date] ??= []).push({
      start: session.startsAt.toISOString(),
      end: session.endsAt.toISOString(),
      recommended_employee: { id: person.id, name: fullName(person) },
      group_session: {
        id: session.id,
        topic: query.sessionLanguage === 'fr' ? topic.titleFr : topic.titleEn,
        // A series' seat is a seat in every meeting: the fewest seats left of them.
        seats_left: seatsLeftIn(series ?? [session]),
        meetings: series?.length ?? 1,
        price: seatPrice(series ?? [session]),
      },
    });
  }
  return options;
}

/** The meetings of the sessions' series (not cancelled), each series in time order. */
export async function meetingsOfSeries(db: Database, sessions: GroupSession[]): Promise<Map<number, GroupSession[]>> {
  const seriesIds = [...new Set(sessions.flatMap((session) => (session.seriesId === null ? [] : [session.seriesId])))];
  const bySeries = new Map<number, GroupSession[]>();
  if (seriesIds.length === 0) return bySeries;
  const rows = await db
    .select()
    .from(groupSessions)
    .where(and(inArray(groupSessions.seriesId, seriesIds), or(eq(groupSessions.status, 'scheduled'), eq(groupSessions.status, 'done'))))
    .orderBy(asc(groupSessions.startsAt));
  for (const row of rows) bySeries.set(row.seriesId!, [...(bySeries.get(row.seriesId!) ?? []), row]);
  return bySeries;
}

/**
 * available-appointments/check for a group service: the chosen session (and, for a series, its
 * meetings) as it is now, bookable and matching the chain's office and language. Seats are
 * re-counted at booking, where the database decides the last one.
 */
export async function chosenGroupSession(db: Database, query: GroupSessionQuery, service: ServiceRow, sessionId: number, now: Date): Promise<GroupSession[]> {
  const [session] = await db
    .select()
    .from(groupSessions)
    .where(
      and(
        eq(groupSessions.id, sessionId),
        eq(groupSessions.serviceId, query.serviceId),
        eq(groupSessions.officeId, query.officeId),
        eq(groupSessions.sessionLanguage, query.sessionLanguage),
        bookable(service, now),
      ),
    );
  if (!session) {
    const [called] = await db.select({ id: groupSessions.id }).from(groupSessions).where(and(eq(groupSessions.id, sessionId), eq(groupSessions.status, 'cancelled')));
    throw called ? sessionCancelled() : slotUnavailable();
  }
  const meetings = session.seriesId === null ? [session] : ((await meetingsOfSeries(db, [session])).get(session.seriesId) ?? []);
  if (meetings[0]?.id !== session.id) throw slotUnavailable();
  return meetings;
}

/**
 * What an offer's or a booking's price is: a seat's in this session (a series' seat, every
 * meeting's together) as tax and total cents, or null when there is no such session.
 */
export async function seatPriceOf(db: Database, groupSessionId: number): Promise<{ taxCents: number; totalCents: number } | null> {
  const [session] = await db.select().from(groupSessions).where(eq(groupSessions.id, groupSessionId));
  if (!session) return null;
  const meetings = session.seriesId === null ? [session] : ((await meetingsOfSeries(db, [session])).get(session.seriesId) ?? [session]);
  const price = seatPrice(meetings);
  return { taxCents: price.tax_cents, totalCents: price.total_cents };
}
