import 'server-only';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import type { GroupSessionChoices, GroupSessionView } from '@/lib/schemas/groupSessions';
import { addDays, zonedDateTimeToUtc } from '@/lib/server/booking/clinicTime';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { groupSessions, groupTopics, offices, services, users, type GroupSession } from '@/lib/server/db/schema';
import { GROUP_SERVICE_SLUG } from './groupService';

/**
 * GET /api/clinic/group-sessions/choices: what a session is scheduled with, in the request's
 * language: the topics (retired ones left out), the active dietitians and the open offices.
 */
export async function groupSessionChoices(db: Database, locale: Locale): Promise<GroupSessionChoices> {
  const topics = await db.select().from(groupTopics).where(eq(groupTopics.active, true)).orderBy(asc(groupTopics.id));
  const dietitians = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.isEmployee, true), eq(users.isActive, true)))
    .orderBy(asc(users.lastName), asc(users.firstName));
  const [service] = await db.select().from(services).where(eq(services.slug, GROUP_SERVICE_SLUG));
  const places = await db.select().from(offices).where(eq(offices.isAvailable, true)).orderBy(asc(offices.isVirtual), asc(offices.id));
  return {
    topics: topics.map((topic) => ({
      id: topic.id,
      slug: topic.slug,
      title: locale === 'fr' ? topic.titleFr : topic.titleEn,
      description: locale === 'fr' ? topic.descriptionFr : topic.descriptionEn,
    })),
    dietitians: dietitians.map((person) => ({ id: person.id, name: fullName(person) })),
    price: {
      price_cents: service?.basePriceCents ?? 0,
      tax: !service?.isTaxable || service.isFreeService ? 'none' : service.taxIncluded ? 'included' : 'added',
    },
    offices: places.map((office) => ({ id: office.id, name: locale === 'fr' ? office.nameFr : office.nameEn, is_virtual: office.isVirtual })),
  };
}

/**
 * GET /api/clinic/group-sessions: every session of the window, cancelled ones too (the clinic
 * sees what it cancelled), with its seats; never who holds them (the roster is its own call).
 */
export async function listGroupSessions(db: Database, input: { from: string; days: number; locale: Locale }): Promise<GroupSessionView[]> {
  const timeZone = getConfig().clinicTimezone;
  const start = zonedDateTimeToUtc(input.from, 0, timeZone)!;
  const end = zonedDateTimeToUtc(addDays(input.from, input.days), 0, timeZone)!;
  const dietitian = alias(users, 'dietitian');
  const rows = await db
    .select({ session: groupSessions, topic: groupTopics, dietitian: { id: dietitian.id, firstName: dietitian.firstName, lastName: dietitian.lastName }, office: offices })
    .from(groupSessions)
    .innerJoin(groupTopics, eq(groupTopics.id, groupSessions.topicId))
    .innerJoin(dietitian, eq(dietitian.id, groupSessions.employeeId))
    .innerJoin(offices, eq(offices.id, groupSessions.officeId))
    .where(and(gte(groupSessions.startsAt, start), lt(groupSessions.startsAt, end)))
    .orderBy(asc(groupSessions.startsAt), asc(groupSessions.id));
  return rows.map(({ session, topic, dietitian: person, office }) => ({
    id: session.id,
    topic: { id: topic.id, title: input.locale === 'fr' ? topic.titleFr : topic.titleEn },
    series_id: session.seriesId,
    dietitian: { id: person.id, name: fullName(person) },
    office: { id: office.id, name: input.locale === 'fr' ? office.nameFr : office.nameEn, is_virtual: office.isVirtual },
    ...seatsOf(session),
  }));
}

function seatsOf(session: GroupSession) {
  return {
    start: session.startsAt.toISOString(),
    end: session.endsAt.toISOString(),
    session_language: session.sessionLanguage,
    capacity: session.capacity,
    seats_taken: session.seatsTaken,
    seats_left: session.capacity - session.seatsTaken,
    total_cents: session.totalCents,
    status: session.status,
  };
}
