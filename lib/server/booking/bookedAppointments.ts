import 'server-only';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import type { Database } from '@/lib/server/db/client';
import { appointments, groupSessions, groupTopics, offices, patientProfiles, services, skills, users, type Appointment } from '@/lib/server/db/schema';
import { nameWithTopic } from '@/lib/server/groups/groupService';
import { canCancelOrReschedule } from './rules';
import { appointmentStatistics, type AppointmentStatistics } from './statistics';

import { joinUrlOf } from './videoRoom';
/** Whose appointments are listed: a patient's own, or those an employee sees as the dietitian. */
export interface Viewer {
  userId: number;
  kind: 'patient' | 'employee';
}

export interface AppointmentSummary {
  id: number;
  start: string;
  end: string;
  status: string;
  session_language: 'en' | 'fr';
  service: { id: number; translated_name: string };
  office: { id: number; name: string; is_virtual: boolean };
  /** A booked virtual visit's video room link (issue #15); null otherwise. */
  join_url: string | null;
  dietitian: { id: number; name: string };
  /** id null for a guest's booking. */
  patient: { id: number | null; name: string };
  reasons: { id: number; translated_name: string }[];
  /** The patient's note: health data, so only for the patient themself and for employees. */
  message?: string | null;
  can_cancel: boolean;
  can_reschedule: boolean;
  /** The clinic's patient record only: a cancelled visit's money still to refund, in cents. */
  refund_due_cents?: number;
}

export interface BookedAppointments {
  upcoming: AppointmentSummary[];
  statistics: AppointmentStatistics & { next_appointment: AppointmentSummary | null };
}

const dietitian = alias(users, 'dietitian');
const patient = alias(users, 'patient');

type Named = { nameEn: string; nameFr: string };

/**
 * What every appointment summary starts with (when, what, where, with whom) in the request's
 * language; shared with the clinic's patient record (lib/server/clinic/patients.ts).
 */
export function summaryBasics(
  row: {
    appointment: Pick<Appointment, 'id' | 'startsAt' | 'endsAt' | 'status' | 'sessionLanguage' | 'videoRoom'>;
    service: Named & { id: number };
    office: Named & { id: number; isVirtual: boolean };
    dietitian: { id: number; firstName: string; lastName: string };
    /** A seat's group topic (issue #28): named after the service. */
    topic?: { en: string; fr: string } | null;
  },
  locale: Locale,
): Pick<AppointmentSummary, 'id' | 'start' | 'end' | 'status' | 'session_language' | 'service' | 'office' | 'join_url' | 'dietitian'> {
  const { appointment: a, service, office } = row;
  const fr = locale === 'fr';
  return {
    id: a.id,
    start: a.startsAt.toISOString(),
    end: a.endsAt.toISOString(),
    status: a.status,
    session_language: a.sessionLanguage,
    service: { id: service.id, translated_name: nameWithTopic({ en: service.nameEn, fr: service.nameFr }, row.topic)[locale] },
    office: { id: office.id, name: fr ? office.nameFr : office.nameEn, is_virtual: office.isVirtual },
    join_url: a.status === 'booked' && office.isVirtual ? joinUrlOf(a.videoRoom) : null,
    dietitian: { id: row.dietitian.id, name: fullName(row.dietitian) },
  };
}

/** Every appointment of the viewer (all statuses: statistics need the past and the cancelled too). */
function loadRows(db: Database, viewer: Viewer) {
  return db
    .select({
      appointment: appointments,
      service: services,
      office: { id: offices.id, nameEn: offices.nameEn, nameFr: offices.nameFr, isVirtual: offices.isVirtual },
      dietitian: { id: dietitian.id, firstName: dietitian.firstName, lastName: dietitian.lastName },
      patient: { id: patient.id, firstName: patient.firstName, lastName: patient.lastName },
      topic: { en: groupTopics.titleEn, fr: groupTopics.titleFr },
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(offices, eq(offices.id, appointments.officeId))
    .innerJoin(dietitian, eq(dietitian.id, appointments.employeeId))
    .leftJoin(patient, eq(patient.id, appointments.patientId))
    .leftJoin(groupSessions, eq(groupSessions.id, appointments.groupSessionId))
    .leftJoin(groupTopics, eq(groupTopics.id, groupSessions.topicId))
    .where(viewer.kind === 'employee' ? eq(appointments.employeeId, viewer.userId) : eq(appointments.patientId, viewer.userId))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}
type Row = Awaited<ReturnType<typeof loadRows>>[number];

/** Patients (active accounts) who chose this employee as their preferred dietitian. */
async function preferredPatientCount(db: Database, employeeId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(patientProfiles)
    .innerJoin(users, eq(users.id, patientProfiles.userId))
    .where(and(eq(patientProfiles.preferredDietitianId, employeeId), eq(users.isActive, true), eq(users.isPatient, true)));
  return row?.n ?? 0;
}

async function reasonNames(db: Database, ids: number[], locale: Locale): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(skills).where(inArray(skills.id, ids));
  return new Map(rows.map((s) => [s.id, locale === 'fr' ? s.nameFr : s.nameEn]));
}

function summarize(row: Row, ctx: { viewer: Viewer; locale: Locale; now: Date; reasons: Map<number, string> }): AppointmentSummary {
  const { appointment: a, service } = row;
  const guest = a.guestContact;
  const decision = canCancelOrReschedule({
    startsAt: a.startsAt,
    now: ctx.now,
    minCancellationNoticeHours: service.minCancellationNoticeHours,
    actor: ctx.viewer.kind,
  });
  const mayReadMessage = ctx.viewer.kind === 'employee' || a.patientId === ctx.viewer.userId;
  const allowed = a.status === 'booked' && decision.allowed;
  return {
    ...summaryBasics(row, ctx.locale),
    patient: row.patient
      ? { id: row.patient.id, name: fullName(row.patient) }
      : { id: null, name: guest ? fullName(guest) : '' },
    reasons: a.reasons.map((id) => ({ id, translated_name: ctx.reasons.get(id) ?? '' })),
    ...(mayReadMessage ? { message: a.message } : {}),
    can_cancel: allowed,
    // A seat moves from its manage link (to another session of its topic), not in the booking flow.
    can_reschedule: allowed && a.groupSessionId === null,
  };
}

/**
 * GET /api/booking/booked-appointments: the viewer's upcoming appointments (booked, starting now
 * or later, soonest first) and the SPEC §3 statistics over all their appointments (formulas in
 * statistics.ts). Names are in the request's language.
 */
export async function bookedAppointments(
  db: Database,
  input: { viewer: Viewer; locale: Locale; now: Date; timeZone: string },
): Promise<BookedAppointments> {
  const { viewer, now } = input;
  const [rows, preferredPatients] = await Promise.all([
    loadRows(db, viewer),
    viewer.kind === 'employee' ? preferredPatientCount(db, viewer.userId) : Promise.resolve(0),
  ]);
  const upcomingRows = rows.filter((r) => r.appointment.status === 'booked' && r.appointment.startsAt >= now);
  const reasons = await reasonNames(db, [...new Set(upcomingRows.flatMap((r) => r.appointment.reasons))], input.locale);
  const upcoming = upcomingRows.map((row) => summarize(row, { viewer, locale: input.locale, now, reasons }));
  const stats = appointmentStatistics(
    rows.map((r) => r.appointment),
    { now, timeZone: input.timeZone, preferredPatients },
  );
  return { upcoming, statistics: { ...stats, next_appointment: upcoming[0] ?? null } };
}
