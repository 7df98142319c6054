import 'server-only';
import { and, asc, eq, gt, lt, type SQL } from 'drizzle-orm';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import type { OrphanAppointment } from '@/lib/schemas/clinicSchedule';
import type { Database } from '@/lib/server/db/client';
import { appointments, offices, services, users } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';

/**
 * The booked appointments a schedule or time-off change would leave without their dietitian
 * (issue #8: such a change is refused with their list). Read inside the change's transaction,
 * after the dietitian's booking lock, so no booking can slip in between check and write.
 */

/** A booked appointment of the dietitian, with what deciding and listing need. */
export interface BookedAppointment {
  id: number;
  officeId: number;
  startsAt: Date;
  endsAt: Date;
  /** The end of the dietitian's block (the visit plus notes): what availability fitted in the hours. */
  blockedUntil: Date;
  dto: OrphanAppointment;
}

/** The dietitian's booked appointments matching `where` (a condition on appointments), by start. */
export async function bookedAppointmentsOf(
  db: Database,
  employeeId: number,
  locale: Locale,
  where: { startsBefore?: Date; blockedAfter: Date },
): Promise<BookedAppointment[]> {
  const conditions: (SQL | undefined)[] = [
    eq(appointments.employeeId, employeeId),
    eq(appointments.status, 'booked'),
    gt(appointments.blockedUntil, where.blockedAfter),
    where.startsBefore ? lt(appointments.startsAt, where.startsBefore) : undefined,
  ];
  const rows = await db
    .select({
      id: appointments.id,
      officeId: appointments.officeId,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      blockedUntil: appointments.blockedUntil,
      guest: appointments.guestContact,
      firstName: users.firstName,
      lastName: users.lastName,
      serviceEn: services.nameEn,
      serviceFr: services.nameFr,
      officeEn: offices.nameEn,
      officeFr: offices.nameFr,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(offices, eq(offices.id, appointments.officeId))
    .leftJoin(users, eq(users.id, appointments.patientId))
    .where(and(...conditions))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  return rows.map((row) => {
    const person = row.firstName !== null ? { firstName: row.firstName, lastName: row.lastName ?? '' } : row.guest;
    return {
      id: row.id,
      officeId: row.officeId,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      blockedUntil: row.blockedUntil,
      dto: {
        id: row.id,
        starts_at: row.startsAt.toISOString(),
        ends_at: row.endsAt.toISOString(),
        service: locale === 'fr' ? row.serviceFr : row.serviceEn,
        patient: person ? fullName(person) : '',
        office: locale === 'fr' ? row.officeFr : row.officeEn,
      },
    };
  });
}

/** The 409 refusal: `code` names the change refused, the body lists what to move first. */
export function orphansError(code: 'schedule_orphans' | 'time_off_orphans', orphans: readonly BookedAppointment[]): AppError {
  const messageKey = code === 'schedule_orphans' ? 'scheduleOrphans' : 'scheduleTimeOffOrphans';
  return new AppError(code, 409, messageKey, {
    values: { count: orphans.length },
    extra: { appointments: orphans.map((o) => o.dto) },
  });
}
