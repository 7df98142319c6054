import 'server-only';
import { and, asc, eq, gte, isNull, lt, ne } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { clinic } from '@/lib/clinic';
import { formatOfficeAddress } from '@/lib/format/office';
import { localizedPath } from '@/lib/i18n/paths';
import type { Database } from '@/lib/server/db/client';
import { appointments, groupSessions, groupTopics, offices, services, users, type CalendarFeedTitles } from '@/lib/server/db/schema';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { calendarText, type FeedEvent } from './ics';

/**
 * What an employee's feed holds (issue #41 items 2 and 3): her visits and her group sessions from
 * `back` days before `now` to `ahead` days after, cancelled ones left out (a cancelled visit
 * leaves the calendar). Titles say the service and the kind of visit, in her language, and, if
 * she chose it, the patient's initials: never a name, reason, message, address or phone. A virtual
 * visit links to the agenda page (sign-in needed), never to the video room.
 */

const UID_DOMAIN = clinic.email.slice(clinic.email.indexOf('@') + 1);
const DAY = 86_400_000;
/** How often calendars that honour it should refresh (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_HOURS = 1;

type Language = 'en' | 'fr';

function initialsOf(firstName: string, lastName: string): string {
  const initial = (name: string) => {
    const first = [...name.trim()][0];
    return first ? `${first.toLocaleUpperCase()}.` : '';
  };
  return [initial(firstName), initial(lastName)].filter(Boolean).join(' ');
}

interface OfficeRow {
  isVirtual: boolean;
  nameEn: string;
  nameFr: string;
  streetNumber: string | null;
  streetName: string | null;
  streetNameFr: string | null;
  unitNumber: string | null;
  city: string | null;
  provinceCode: string | null;
  postalCode: string | null;
}

function placeOf(office: OfficeRow, language: Language, virtualLabel: string): string {
  if (office.isVirtual || !office.streetNumber || !office.streetName || !office.city || !office.provinceCode || !office.postalCode) return virtualLabel;
  const address = formatOfficeAddress(
    {
      streetNumber: office.streetNumber,
      streetName: office.streetName,
      streetNameFr: office.streetNameFr,
      unitNumber: office.unitNumber,
      city: office.city,
      provinceCode: office.provinceCode,
      postalCode: office.postalCode,
    },
    language,
  );
  return `${language === 'fr' ? office.nameFr : office.nameEn}, ${address}`;
}

const officeColumns = {
  isVirtual: offices.isVirtual,
  nameEn: offices.nameEn,
  nameFr: offices.nameFr,
  streetNumber: offices.streetNumber,
  streetName: offices.streetName,
  streetNameFr: offices.streetNameFr,
  unitNumber: offices.unitNumber,
  city: offices.city,
  provinceCode: offices.provinceCode,
  postalCode: offices.postalCode,
};

export async function feedEvents(
  db: Database,
  input: { employeeId: number; language: Language; titles: CalendarFeedTitles; now: Date; days: { back: number; ahead: number }; origin: string },
): Promise<FeedEvent[]> {
  const { employeeId, language, now } = input;
  const t = createTranslator({ locale: language, messages: language === 'fr' ? fr : en, namespace: 'CalendarFeed.ics' });
  const from = new Date(now.getTime() - input.days.back * DAY);
  const to = new Date(now.getTime() + input.days.ahead * DAY);
  const agendaUrl = `${input.origin}${localizedPath('/profile/agenda', language)}`;
  const description = t('description', { url: agendaUrl });
  const virtualLabel = t('virtualLocation');
  // The same few offices, services and kinds over and over: each written once.
  const places = new Map<string, string>();
  const placeOnce = (office: OfficeRow) => {
    const key = `${office.nameEn}|${office.streetNumber}|${office.streetName}`;
    let place = places.get(key);
    if (place === undefined) {
      place = placeOf(office, language, virtualLabel);
      places.set(key, place);
    }
    return place;
  };
  const mode = { virtual: t('virtual'), inPerson: t('inPerson') };

  const [visits, sessions] = await Promise.all([
    db
      .select({
        calendarUid: appointments.calendarUid,
        sequence: appointments.sequence,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        updatedAt: appointments.updatedAt,
        guest: appointments.guestContact,
        patient: { firstName: users.firstName, lastName: users.lastName },
        service: { nameEn: services.nameEn, nameFr: services.nameFr },
        office: officeColumns,
      })
      .from(appointments)
      .innerJoin(services, eq(services.id, appointments.serviceId))
      .innerJoin(offices, eq(offices.id, appointments.officeId))
      .leftJoin(users, eq(users.id, appointments.patientId))
      .where(
        and(
          eq(appointments.employeeId, employeeId),
          ne(appointments.status, 'cancelled'),
          // A seat is part of its session's one event.
          isNull(appointments.groupSessionId),
          gte(appointments.startsAt, from),
          lt(appointments.startsAt, to),
        ),
      )
      .orderBy(asc(appointments.startsAt)),
    db
      .select({
        id: groupSessions.id,
        sequence: groupSessions.sequence,
        startsAt: groupSessions.startsAt,
        endsAt: groupSessions.endsAt,
        createdAt: groupSessions.createdAt,
        taken: groupSessions.seatsTaken,
        capacity: groupSessions.capacity,
        topic: { titleEn: groupTopics.titleEn, titleFr: groupTopics.titleFr },
        office: officeColumns,
      })
      .from(groupSessions)
      .innerJoin(groupTopics, eq(groupTopics.id, groupSessions.topicId))
      .innerJoin(offices, eq(offices.id, groupSessions.officeId))
      .where(and(eq(groupSessions.employeeId, employeeId), ne(groupSessions.status, 'cancelled'), gte(groupSessions.startsAt, from), lt(groupSessions.startsAt, to)))
      .orderBy(asc(groupSessions.startsAt)),
  ]);

  const events: FeedEvent[] = visits.map((visit) => {
    const service = language === 'fr' ? visit.service.nameFr : visit.service.nameEn;
    const kind = visit.office.isVirtual ? mode.virtual : mode.inPerson;
    const person = visit.patient ?? visit.guest;
    const summary =
      input.titles === 'initials' && person
        ? t('visitInitials', { service, mode: kind, initials: initialsOf(person.firstName, person.lastName) })
        : t('visit', { service, mode: kind });
    return {
      uid: `visit-${visit.calendarUid}@${UID_DOMAIN}`,
      sequence: visit.sequence,
      start: visit.startsAt,
      end: visit.endsAt,
      stamp: visit.updatedAt,
      summary,
      location: placeOnce(visit.office),
      description,
      url: agendaUrl,
    };
  });
  for (const session of sessions) {
    events.push({
      uid: `group-${session.id}@${UID_DOMAIN}`,
      sequence: session.sequence,
      start: session.startsAt,
      end: session.endsAt,
      stamp: session.createdAt,
      summary: t('group', { topic: language === 'fr' ? session.topic.titleFr : session.topic.titleEn, taken: session.taken, capacity: session.capacity }),
      location: placeOnce(session.office),
      description,
      url: agendaUrl,
    });
  }
  return events.sort((a, b) => a.start.getTime() - b.start.getTime());
}

export async function feedText(db: Database, input: Parameters<typeof feedEvents>[1]): Promise<string> {
  const t = createTranslator({ locale: input.language, messages: input.language === 'fr' ? fr : en, namespace: 'CalendarFeed.ics' });
  return calendarText({ name: t('name', { clinic: clinic.name }), language: input.language, refreshHours: REFRESH_HOURS, events: await feedEvents(db, input) });
}
