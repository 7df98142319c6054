import 'server-only';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import { deleteUserSessions, type User } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/client';
import { appointments, employeeProfiles, services, users } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { endFeeds } from '@/lib/server/calendarFeed/feeds';

const notFound = () => new AppError('employee_not_found', 404, 'teamEmployeeNotFound');

/** The employee row, locked until the transaction ends (two admins acting at once queue up). */
async function lockEmployee(tx: Database, employeeId: number) {
  const [row] = await tx
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.id, employeeId), eq(users.isEmployee, true)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * The employee's booked visits not over yet, soonest first: what must be moved to a colleague
 * (or cancelled) before they leave. A guest's name comes from the contact they gave.
 */
export async function upcomingAppointmentsOf(db: Database, employeeId: number, locale: Locale, now = new Date()) {
  const rows = await db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      patientId: appointments.patientId,
      firstName: users.firstName,
      lastName: users.lastName,
      guest: appointments.guestContact,
      serviceEn: services.nameEn,
      serviceFr: services.nameFr,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .leftJoin(users, eq(users.id, appointments.patientId))
    .where(and(eq(appointments.employeeId, employeeId), eq(appointments.status, 'booked'), gt(appointments.endsAt, now)))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  return rows.map((row) => {
    const person = row.patientId !== null ? { firstName: row.firstName ?? '', lastName: row.lastName ?? '' } : row.guest;
    return {
      id: row.id,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      patient_id: row.patientId,
      patient_name: person ? fullName(person) : '',
      service: locale === 'fr' ? row.serviceFr : row.serviceEn,
    };
  });
}

/**
 * POST /api/clinic/employees/[id]/deactivate. Refused for oneself (409: the clinic must keep an
 * administrator able to sign in) and while booked visits remain (409 `employee_has_appointments`
 * with their list, to reassign first). Otherwise the account is switched off and every session of
 * it ends; slots and the dietitian choices only ever offer active employees, so they drop out at once.
 */
export async function deactivateEmployee(db: Database, input: { employeeId: number; locale: Locale }, admin: Pick<User, 'id'>) {
  if (input.employeeId === admin.id) throw new AppError('cannot_deactivate_self', 409, 'teamCannotDeactivateSelf');
  return db.transaction(async (tx) => {
    const employee = await lockEmployee(tx, input.employeeId);
    // The booking write's own lock on this dietitian: a booking in flight commits first and is counted below.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`appointments:employee:${employee.id}`}))`);
    const upcoming = await upcomingAppointmentsOf(tx, employee.id, input.locale);
    if (upcoming.length > 0) {
      throw new AppError('employee_has_appointments', 409, 'teamEmployeeHasAppointments', {
        values: { count: upcoming.length },
        extra: { appointments: upcoming },
      });
    }
    if (employee.isActive) {
      await tx.update(users).set({ isActive: false, updatedAt: new Date() }).where(eq(users.id, employee.id));
    }
    await deleteUserSessions(tx, employee.id);
    await endFeeds(tx, { userId: employee.id, reason: 'deactivated', actorUserId: admin.id });
    return { id: employee.id, is_active: false };
  });
}

/** POST /api/clinic/employees/[id]/reactivate: they sign in again and are offered for booking again. */
export async function reactivateEmployee(db: Database, input: { employeeId: number }) {
  return db.transaction(async (tx) => {
    const employee = await lockEmployee(tx, input.employeeId);
    if (!employee.isActive) await tx.update(users).set({ isActive: true, updatedAt: new Date() }).where(eq(users.id, employee.id));
    return { id: employee.id, is_active: true };
  });
}

/**
 * PUT /api/clinic/employees/[id]/registration: the dietitian's College of Dietitians of Ontario
 * registration number, printed on every receipt of their visits (issue #20); null clears it.
 * It lives on the public profile, which every bookable dietitian has: an employee without one
 * (not offered for booking, so named on no receipt) is refused with 409.
 */
export async function setRegistrationNumber(db: Database, input: { employeeId: number; registrationNumber: string | null }) {
  return db.transaction(async (tx) => {
    const employee = await lockEmployee(tx, input.employeeId);
    const [saved] = await tx
      .update(employeeProfiles)
      .set({ registrationNumber: input.registrationNumber })
      .where(eq(employeeProfiles.userId, employee.id))
      .returning({ registrationNumber: employeeProfiles.registrationNumber });
    if (!saved) throw new AppError('employee_without_profile', 409, 'teamNoProfile');
    return saved.registrationNumber;
  });
}
