import 'server-only';
import { eq } from 'drizzle-orm';
import { dateLanguage, formatLocalDate } from '@/lib/format/dates';
import type { Locale } from '@/lib/i18n/routing';
import type { GroupSessionInput } from '@/lib/schemas/groupSessions';
import { clockToMinutes } from '@/lib/schemas/clinicSchedule';
import { lockDietitianBookings } from '@/lib/server/booking/appointments';
import { addDays, utcToLocalDate, zonedDateTimeToUtc } from '@/lib/server/booking/clinicTime';
import { isVirtualOffice } from '@/lib/server/booking/newAppointment';
import { priceService, type ServicePriceSettings } from '@/lib/server/booking/pricing';
import { newVideoRoom } from '@/lib/server/booking/videoRoom';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { groupSeries, groupSessions, groupTopics, services, type GroupSession } from '@/lib/server/db/schema';
import { AppError, fieldInvalid } from '@/lib/server/http/appError';
import { GROUP_SERVICE_SLUG, sessionSpan } from './groupService';
import { awayDuring, sessionOverlapOf } from './conflicts';
import { dbErrorOf } from './seats';



/**
 * POST /api/clinic/group-sessions: schedules a session, or a weekly series of `meetings`
 * sessions booked as one, each holding the dietitian's time as a visit does. All or nothing: a
 * meeting over the dietitian's time off, a visit or another session refuses the whole (409,
 * naming the meeting's date), the database deciding any race with a booking.
 */
export async function scheduleGroupSessions(db: Database, input: GroupSessionInput & { by: number; now: Date; locale: Locale }): Promise<GroupSession[]> {
  const timeZone = getConfig().clinicTimezone;
  const dayOf = (date: string) => formatLocalDate(date, dateLanguage(input.locale), 'full');
  if (input.date <= utcToLocalDate(input.now, timeZone)) throw fieldInvalid('date', 'groupSessionNotAhead');
  const [topic] = await db.select().from(groupTopics).where(eq(groupTopics.id, input.topic_id));
  if (!topic?.active) throw fieldInvalid('topic_id', 'required');
  const [service] = await db.select().from(services).where(eq(services.slug, GROUP_SERVICE_SLUG));
  if (!service) throw new AppError('not_found', 404, 'notFound');
  const prices = meetingPrices(service, input.price_cents, input.meetings);
  const meetings = Array.from({ length: input.meetings }, (_, week) => {
    const date = addDays(input.date, week * 7);
    const startsAt = zonedDateTimeToUtc(date, clockToMinutes(input.time), timeZone);
    // A time the clock skips (the hour lost when DST starts) names no instant.
    if (!startsAt) throw fieldInvalid('time', 'timeInvalid');
    return { date, ...sessionSpan(service, startsAt), ...prices[week]! };
  });
  const virtual = await isVirtualOffice(db, input.office_id);

  try {
    return await db.transaction(async (tx) => {
      await lockDietitianBookings(tx, input.employee_id);
      for (const meeting of meetings) {
        if (await awayDuring(tx, input.employee_id, meeting)) throw new AppError('group_session_time_off', 409, 'groupSessionTimeOff', { values: { date: dayOf(meeting.date) } });
      }
      const [series] = meetings.length > 1 ? await tx.insert(groupSeries).values({ topicId: topic.id, createdBy: input.by }).returning() : [];
      const written: GroupSession[] = [];
      for (const meeting of meetings) {
        try {
          const [row] = await tx
            .insert(groupSessions)
            .values({
              topicId: topic.id,
              seriesId: series?.id ?? null,
              serviceId: service.id,
              employeeId: input.employee_id,
              officeId: input.office_id,
              startsAt: meeting.startsAt,
              endsAt: meeting.endsAt,
              blockedUntil: meeting.blockedUntil,
              sessionLanguage: input.session_language,
              capacity: input.capacity,
              priceCents: meeting.priceCents,
              taxCents: meeting.taxCents,
              totalCents: meeting.totalCents,
              videoRoom: virtual ? newVideoRoom() : null,
              createdBy: input.by,
            })
            .returning();
          written.push(row!);
        } catch (error) {
          const overlap = sessionOverlapOf(error);
          if (!overlap) throw error;
          const values = { date: dayOf(meeting.date) };
          throw overlap === 'visit'
            ? new AppError('group_session_over_visit', 409, 'groupSessionOverVisit', { values })
            : new AppError('group_session_over_session', 409, 'groupSessionOverSession', { values });
        }
      }
      return written;
    });
  } catch (error) {
    if (dbErrorOf(error).code === '23503') throw fieldInvalid('employee_id', 'required');
    throw error;
  }
}

/**
 * Each meeting's price: the service's price per meeting, or the price the clinic set for a seat
 * (a series' whole seat), priced by the service's tax rule and shared out over the meetings to
 * the cent, the first ones taking the odd cents, so that a series' seat costs exactly its price.
 */
export function meetingPrices(service: ServicePriceSettings, priceCents: number | undefined, meetings: number) {
  if (priceCents === undefined) {
    const each = priceService(service);
    return Array.from({ length: meetings }, () => ({ priceCents: each.base_price, taxCents: each.tax_amount, totalCents: each.total_price }));
  }
  const whole = priceService({ ...service, basePriceCents: priceCents });
  const share = (cents: number, i: number) => Math.floor(cents / meetings) + (i < cents % meetings ? 1 : 0);
  return Array.from({ length: meetings }, (_, i) => {
    const [base, tax] = [share(whole.base_price, i), share(whole.tax_amount, i)];
    return { priceCents: base, taxCents: tax, totalCents: base + tax };
  });
}
