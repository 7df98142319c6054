import 'server-only';
import { and, asc, eq, gte, inArray, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import type { AgendaAppointment, AgendaGroupSession, AgendaRange, AgendaView } from '@/lib/schemas/clinicAgenda';
import { addDays, isoWeekday, utcToLocalDate, zonedDateTimeToUtc, type LocalDate } from '@/lib/server/booking/clinicTime';
import type { Database } from '@/lib/server/db/client';
import { appointments, chartEntries, groupSessions, groupTopics, offices, services, skills, users } from '@/lib/server/db/schema';
import { hasRefundDue, refundsDue } from '@/lib/server/receipts/refundDue';

import { joinUrlOf } from '@/lib/server/booking/videoRoom';
/**
 * The clinic agenda (issue #8, item 2): an employee's appointments over a day or a Monday-based
 * week of the clinic's calendar (CLINIC_TIMEZONE). Reasons are health-adjacent: they go to the
 * treating dietitian only and are never logged.
 */

/** Local midnight as an instant; a zone that skips midnight for DST starts the day at 01:00. */
function startOfLocalDay(date: LocalDate, timeZone: string): Date {
  return zonedDateTimeToUtc(date, 0, timeZone) ?? zonedDateTimeToUtc(date, 60, timeZone)!;
}

export function agendaRange(input: { date?: LocalDate; view: AgendaView; now: Date; timeZone: string }): AgendaRange {
  const today = utcToLocalDate(input.now, input.timeZone);
  const date = input.date ?? today;
  const step = input.view === 'week' ? 7 : 1;
  const first = input.view === 'week' ? addDays(date, 1 - isoWeekday(date)) : date;
  const last = addDays(first, step - 1);
  return {
    view: input.view,
    date,
    today,
    first_day: first,
    last_day: last,
    starts_at: startOfLocalDay(first, input.timeZone).toISOString(),
    ends_at: startOfLocalDay(addDays(last, 1), input.timeZone).toISOString(),
    previous_date: addDays(date, -step),
    next_date: addDays(date, step),
  };
}

const patient = users;

/** Rows of the agenda, with what an item shows; `where` picks the appointments. */
export function agendaRows(db: Database, where: SQL | undefined) {
  return db
    .select({
      appointment: appointments,
      service: { id: services.id, nameEn: services.nameEn, nameFr: services.nameFr },
      office: { nameEn: offices.nameEn, nameFr: offices.nameFr, isVirtual: offices.isVirtual },
      patient: { id: patient.id, firstName: patient.firstName, lastName: patient.lastName, email: patient.email, phone: patient.phone },
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(offices, eq(offices.id, appointments.officeId))
    .leftJoin(patient, eq(patient.id, appointments.patientId))
    .where(where)
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}
type AgendaRow = Awaited<ReturnType<typeof agendaRows>>[number];

/** The agenda items of some rows, names in the request's language. */
export async function toAgendaItems(db: Database, rows: AgendaRow[], input: { locale: Locale; now: Date }): Promise<AgendaAppointment[]> {
  const fr = input.locale === 'fr';
  const reasonIds = [...new Set(rows.flatMap((r) => r.appointment.reasons))];
  const reasonRows = reasonIds.length ? await db.select().from(skills).where(inArray(skills.id, reasonIds)) : [];
  const reasonName = new Map(reasonRows.map((s) => [s.id, fr ? s.nameFr : s.nameEn]));
  const refunds = await refundsDue(db, rows.filter((r) => r.appointment.status === 'cancelled').map((r) => r.appointment.id));
  const charted = (r: AgendaRow) => r.patient !== null && r.appointment.status !== 'cancelled' && r.appointment.startsAt.getTime() <= input.now.getTime();
  const notes = await visitNotes(db, rows.filter(charted).map((r) => r.appointment.id));
  return rows.map((row) => {
    const { appointment: a, service, office, patient: account } = row;
    const guest = a.guestContact;
    const note = notes.get(a.id);
    return {
      id: a.id,
      starts_at: a.startsAt.toISOString(),
      ends_at: a.endsAt.toISOString(),
      status: a.status,
      service: { id: service.id, name: fr ? service.nameFr : service.nameEn },
      patient: account
        ? { id: account.id, name: fullName(account), email: account.email, phone: account.phone }
        : { id: null, name: guest ? fullName(guest) : '', email: guest?.email ?? '', phone: guest?.phone ?? null },
      reasons: a.reasons.map((id) => reasonName.get(id) ?? ''),
      office: { name: fr ? office.nameFr : office.nameEn, is_virtual: office.isVirtual },
      join_url: a.status === 'booked' && office.isVirtual ? joinUrlOf(a.videoRoom) : null,
      session_language: a.sessionLanguage,
      can_mark: a.status !== 'cancelled' && a.startsAt.getTime() <= input.now.getTime(),
      refund_due_cents: refunds.get(a.id) ?? 0,
      group_session_id: a.groupSessionId,
      note: !charted(row) ? null : note ? { state: note.signedAt ? 'signed' : 'draft', entry_id: note.publicId } : { state: 'missing', entry_id: null },
    };
  });
}

/** The live chart entry of each visit that has one. */
async function visitNotes(db: Database, appointmentIds: number[]) {
  const rows = appointmentIds.length
    ? await db
        .select({ appointmentId: chartEntries.appointmentId, publicId: chartEntries.publicId, signedAt: chartEntries.signedAt })
        .from(chartEntries)
        .where(and(inArray(chartEntries.appointmentId, appointmentIds), isNull(chartEntries.errorAt)))
    : [];
  return new Map(rows.map((row) => [row.appointmentId!, row]));
}

/**
 * GET /api/clinic/agenda: the employee's appointments over the range, by start time: those not
 * cancelled, and the cancelled ones with money still to refund (issue #27 item 6).
 */
export async function employeeAgenda(
  db: Database,
  input: { employeeId: number; date?: LocalDate; view: AgendaView; locale: Locale; now: Date; timeZone: string },
): Promise<{ range: AgendaRange; appointments: AgendaAppointment[]; group_sessions: AgendaGroupSession[] }> {
  const range = agendaRange(input);
  const rows = await agendaRows(
    db,
    and(
      eq(appointments.employeeId, input.employeeId),
      or(ne(appointments.status, 'cancelled'), hasRefundDue),
      gte(appointments.startsAt, new Date(range.starts_at)),
      lt(appointments.startsAt, new Date(range.ends_at)),
    ),
  );
  const sessions = await db
    .select({ session: groupSessions, topic: groupTopics, office: offices })
    .from(groupSessions)
    .innerJoin(groupTopics, eq(groupTopics.id, groupSessions.topicId))
    .innerJoin(offices, eq(offices.id, groupSessions.officeId))
    .where(
      and(
        eq(groupSessions.employeeId, input.employeeId),
        ne(groupSessions.status, 'cancelled'),
        gte(groupSessions.startsAt, new Date(range.starts_at)),
        lt(groupSessions.startsAt, new Date(range.ends_at)),
      ),
    )
    .orderBy(asc(groupSessions.startsAt));
  const fr = input.locale === 'fr';
  return {
    range,
    appointments: await toAgendaItems(db, rows, input),
    group_sessions: sessions.map(({ session, topic, office }) => ({
      id: session.id,
      topic: fr ? topic.titleFr : topic.titleEn,
      starts_at: session.startsAt.toISOString(),
      ends_at: session.endsAt.toISOString(),
      office: { name: fr ? office.nameFr : office.nameEn, is_virtual: office.isVirtual },
      seats_taken: session.seatsTaken,
      capacity: session.capacity,
      series_id: session.seriesId,
    })),
  };
}
