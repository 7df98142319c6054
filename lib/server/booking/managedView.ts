import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import type { ManagedAppointment } from '@/lib/schemas/manageAppointment';
import type { Database } from '@/lib/server/db/client';
import { groupSessions, groupTopics, offices, services, users, type Appointment } from '@/lib/server/db/schema';
import { nameWithTopic } from '@/lib/server/groups/groupService';
import { AppError } from '@/lib/server/http/appError';
import { locationOf } from './notifications';
import { canCancelOrReschedule } from './rules';
import { JOIN_OPENS_MINUTES, joinUrlOf } from './videoRoom';

/**
 * What a visit's manage link shows (and a waitlist place that became a visit): what the
 * confirmation e-mail says, no more. Never the reasons, the message, the phone number or the
 * address of the patient.
 */

export const manageLinkInvalid = () => new AppError('link_invalid', 404, 'manageLinkInvalid');

/** What the manage page shows, in the page's language. */
export async function describeManaged(db: Database, appointment: Appointment, locale: Locale, now: Date): Promise<ManagedAppointment> {
  const [row] = await db
    .select({ service: services, office: offices })
    .from(services)
    .innerJoin(offices, eq(offices.id, appointment.officeId))
    .where(eq(services.id, appointment.serviceId));
  // A seat names its group's topic; a seat in a series moves with its series only (issue #28).
  const [group] =
    appointment.groupSessionId === null
      ? []
      : await db
          .select({ topic: { en: groupTopics.titleEn, fr: groupTopics.titleFr }, seriesId: groupSessions.seriesId })
          .from(groupSessions)
          .innerJoin(groupTopics, eq(groupTopics.id, groupSessions.topicId))
          .where(eq(groupSessions.id, appointment.groupSessionId));
  if (!row) throw manageLinkInvalid();
  const ids = [appointment.employeeId, ...(appointment.patientId === null ? [] : [appointment.patientId])];
  const people = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
  const dietitian = people.find((p) => p.id === appointment.employeeId);
  const patient = appointment.patientId === null ? appointment.guestContact : people.find((p) => p.id === appointment.patientId);
  const { service, office } = row;
  const booked = appointment.status === 'booked';
  const decision = canCancelOrReschedule({ startsAt: appointment.startsAt, now, minCancellationNoticeHours: service.minCancellationNoticeHours, actor: 'patient' });
  const joinUrl = booked ? joinUrlOf(appointment.videoRoom) : null;
  return {
    status: appointment.status,
    first_name: patient?.firstName ?? '',
    service_name: nameWithTopic({ en: service.nameEn, fr: service.nameFr }, group?.topic)[locale],
    start: appointment.startsAt.toISOString(),
    end: appointment.endsAt.toISOString(),
    // The same words as the e-mail (its join link is shown apart, from join_url).
    location: office.isVirtual ? { kind: 'virtual' } : locationOf(office, locale),
    dietitian_name: dietitian ? fullName(dietitian) : '',
    total_cents: appointment.totalCents,
    tax_cents: appointment.taxCents,
    cancellation_notice_hours: service.minCancellationNoticeHours,
    can_change: booked && decision.allowed,
    can_move: booked && decision.allowed && (group === undefined || group.seriesId === null),
    has_started: appointment.startsAt.getTime() <= now.getTime(),
    join_url: joinUrl,
    join_opens_at: joinUrl ? new Date(appointment.startsAt.getTime() - JOIN_OPENS_MINUTES * 60_000).toISOString() : null,
  };
}

