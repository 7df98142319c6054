import 'server-only';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import type { PublicGroupTopic } from '@/lib/schemas/groupSessions';
import { earliestBookableStartMs } from '@/lib/server/booking/rules';
import type { Database } from '@/lib/server/db/client';
import { groupSessions, groupTopics, offices, services, users } from '@/lib/server/db/schema';
import { meetingsOfSeries } from './dateStep';
import { seatPrice, seatsLeftIn } from './seats';

/** How far ahead the public list looks, and how many sessions it names per topic. */
const DAYS_AHEAD = 8 * 7;
const SESSIONS_PER_TOPIC = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /api/group-sessions (issue #28): each active topic with its next sessions still open to
 * booking (at their service's notice), in the request's language, seats left included (a full
 * one too, shown full). A series shows once, at its first meeting, with
 * the fewest seats left among its meetings. Nothing about who holds the seats.
 */
export async function upcomingGroupSessions(db: Database, input: { locale: Locale; now: Date }): Promise<PublicGroupTopic[]> {
  const dietitian = alias(users, 'dietitian');
  const until = new Date(input.now.getTime() + DAYS_AHEAD * DAY_MS);
  const topics = await db.select().from(groupTopics).where(eq(groupTopics.active, true)).orderBy(asc(groupTopics.id));
  const rows = await db
    .select({ session: groupSessions, office: offices, service: services, dietitian: { firstName: dietitian.firstName, lastName: dietitian.lastName } })
    .from(groupSessions)
    .innerJoin(services, eq(services.id, groupSessions.serviceId))
    .innerJoin(offices, eq(offices.id, groupSessions.officeId))
    .innerJoin(dietitian, eq(dietitian.id, groupSessions.employeeId))
    .where(
      and(
        eq(groupSessions.status, 'scheduled'),
        eq(services.isActive, true),
        eq(offices.isAvailable, true),
        gte(groupSessions.startsAt, input.now),
        lt(groupSessions.startsAt, until),
      ),
    )
    .orderBy(asc(groupSessions.startsAt), asc(groupSessions.id));
  const open = rows.filter(({ session, service }) => session.startsAt.getTime() >= earliestBookableStartMs(input.now, service.minAdvanceBookingHours));
  const meetings = await meetingsOfSeries(db, open.map((row) => row.session));
  const fr = input.locale === 'fr';
  return topics.map((topic) => ({
    id: topic.id,
    slug: topic.slug,
    title: fr ? topic.titleFr : topic.titleEn,
    description: fr ? topic.descriptionFr : topic.descriptionEn,
    sessions: open
      .filter(({ session }) => session.topicId === topic.id)
      .flatMap(({ session, office, service, dietitian: person }) => {
        const series = session.seriesId === null ? [session] : (meetings.get(session.seriesId) ?? []);
        // A series is booked from its first meeting only; once that has passed it is closed.
        if (series[0]?.id !== session.id) return [];
        return [
          {
            id: session.id,
            start: session.startsAt.toISOString(),
            end: session.endsAt.toISOString(),
            session_language: session.sessionLanguage,
            office: { id: office.id, name: fr ? office.nameFr : office.nameEn, is_virtual: office.isVirtual },
            dietitian: fullName(person),
            seats_left: seatsLeftIn(series),
            capacity: session.capacity,
            meetings: series.length,
            total_cents: seatPrice(series).total_cents,
            service_slug: service.slug,
          },
        ];
      })
      .slice(0, SESSIONS_PER_TOPIC),
  }));
}
