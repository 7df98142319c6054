import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { AgendaAppointment, AgendaMark } from '@/lib/schemas/clinicAgenda';
import type { Database } from '@/lib/server/db/client';
import { appointments } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { agendaRows, toAgendaItems } from './agenda';

/** Who marks: an employee (requireEmployee's user). */
export interface MarkingEmployee {
  id: number;
  isAdmin: boolean;
}

/**
 * POST /api/clinic/appointments/<id>/status: a dietitian marks a visit completed or no-show, or
 * undoes the mark ('booked'). Allowed to the appointment's own dietitian, and to an admin (who
 * covers for an absent or departed colleague so their visits still get marked); another
 * employee is refused (403). A mark needs the visit to have started; a cancelled visit is never
 * marked (409 both). Undoing on a visit not yet started changes nothing (it is 'booked' already).
 * The marks feed the statistics and the prerequisite rule (booking/statistics.ts,
 * booking/steps/service.ts). The row is locked while checked, so two marks never interleave.
 */
export async function markAppointment(
  db: Database,
  input: { appointmentId: number; status: AgendaMark; employee: MarkingEmployee; locale: Locale; now: Date },
): Promise<AgendaAppointment> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ employeeId: appointments.employeeId, status: appointments.status, startsAt: appointments.startsAt })
      .from(appointments)
      .where(eq(appointments.id, input.appointmentId))
      .for('update');
    if (!row) throw new AppError('appointment_not_found', 404, 'appointmentNotFound');
    if (row.employeeId !== input.employee.id && !input.employee.isAdmin) {
      throw new AppError('forbidden', 403, 'agendaNotYourAppointment');
    }
    if (row.status === 'cancelled') throw new AppError('appointment_cancelled', 409, 'agendaCancelled');
    if (row.status === input.status) return;
    if (row.startsAt.getTime() > input.now.getTime()) throw new AppError('appointment_not_started', 409, 'agendaNotStarted');
    await tx.update(appointments).set({ status: input.status }).where(eq(appointments.id, input.appointmentId));
  });
  const rows = await agendaRows(db, eq(appointments.id, input.appointmentId));
  const [item] = await toAgendaItems(db, rows, input);
  return item!;
}
