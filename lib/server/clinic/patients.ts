import 'server-only';
import { and, asc, count, desc, eq, gte, inArray, isNull, min, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import { CLINIC_PATIENTS_PAGE_SIZE, type ClinicPatientsQuery } from '@/lib/schemas/clinicPatients';
import { summaryBasics, type AppointmentSummary } from '@/lib/server/booking/bookedAppointments';
import { patientMatches, profileAddress } from '@/lib/server/booking/patients';
import { canCancelOrReschedule } from '@/lib/server/booking/rules';
import { appointmentStatistics } from '@/lib/server/booking/statistics';
import type { Database } from '@/lib/server/db/client';
import {
  appointments,
  countries,
  intakeSubmissions,
  offices,
  patientProfiles,
  provinces,
  services,
  skills,
  users,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { refundsDue } from '@/lib/server/receipts/refundDue';
import { pathId } from '@/lib/server/http/pathId';

/** The preferred dietitian, joined only while they are an active employee (a former one is no preference). */
const preferred = alias(users, 'preferred_dietitian');
const preferredJoin = and(eq(preferred.id, patientProfiles.preferredDietitianId), eq(preferred.isActive, true), eq(preferred.isEmployee, true));
const dietitian = alias(users, 'dietitian');

/** The patients the clinic can see and book for: active patient accounts (as the booking search). */
const isListedPatient = and(eq(users.isPatient, true), eq(users.isActive, true));

/**
 * GET /api/clinic/patients?search=&page=: active patients in alphabetical order (last name, first
 * name), searched like the booking flow's patient search (name or e-mail with case and accents
 * ignored, or phone digits), with their preferred dietitian and the start of their next booked
 * appointment. No health data, so no audit entry; the search term is never logged.
 */
export async function listClinicPatients(db: Database, query: ClinicPatientsQuery, now: Date) {
  const where = and(isListedPatient, patientMatches(query.search));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        preferred: { firstName: preferred.firstName, lastName: preferred.lastName },
      })
      .from(users)
      .leftJoin(patientProfiles, eq(patientProfiles.userId, users.id))
      .leftJoin(preferred, preferredJoin)
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(CLINIC_PATIENTS_PAGE_SIZE)
      .offset((query.page - 1) * CLINIC_PATIENTS_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);

  const ids = rows.map((row) => row.id);
  const nextRows = ids.length
    ? await db
        .select({ patientId: appointments.patientId, startsAt: min(appointments.startsAt) })
        .from(appointments)
        .where(and(inArray(appointments.patientId, ids), eq(appointments.status, 'booked'), gte(appointments.startsAt, now)))
        .groupBy(appointments.patientId)
    : [];
  const nextOf = new Map(nextRows.map((row) => [row.patientId, row.startsAt]));

  return {
    results: rows.map((row) => ({
      id: row.id,
      name: fullName(row),
      email: row.email,
      phone: row.phone,
      preferred_dietitian: row.preferred ? fullName(row.preferred) : null,
      next_appointment: nextOf.get(row.id)?.toISOString() ?? null,
    })),
    count: total?.n ?? 0,
    page: query.page,
    page_size: CLINIC_PATIENTS_PAGE_SIZE,
  };
}

const notFound = () => new AppError('not_found', 404, 'patientsNotFound');

/** A user id from the address: digits within the id column's range, anything else is no patient. */
function patientIdOf(value: string): number {
  return pathId(value, notFound);
}

/** Every appointment of the patient, newest first, in the shape the profile's appointment cards take. */
async function appointmentHistory(db: Database, patient: { id: number; name: string }, locale: Locale, now: Date) {
  const fr = locale === 'fr';
  const rows = await db
    .select({
      appointment: appointments,
      service: { id: services.id, nameEn: services.nameEn, nameFr: services.nameFr, notice: services.minCancellationNoticeHours },
      office: { id: offices.id, nameEn: offices.nameEn, nameFr: offices.nameFr, isVirtual: offices.isVirtual },
      dietitian: { id: dietitian.id, firstName: dietitian.firstName, lastName: dietitian.lastName },
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(offices, eq(offices.id, appointments.officeId))
    .innerJoin(dietitian, eq(dietitian.id, appointments.employeeId))
    .where(eq(appointments.patientId, patient.id))
    .orderBy(desc(appointments.startsAt), desc(appointments.id));

  const reasonIds = [...new Set(rows.flatMap((row) => row.appointment.reasons))];
  const reasonRows = reasonIds.length ? await db.select().from(skills).where(inArray(skills.id, reasonIds)) : [];
  const reasonName = new Map(reasonRows.map((skill) => [skill.id, fr ? skill.nameFr : skill.nameEn]));
  const refunds = await refundsDue(db, rows.filter((row) => row.appointment.status === 'cancelled').map((row) => row.appointment.id));

  const summaries = rows.map((row): AppointmentSummary => {
    const { appointment: a, service } = row;
    // Employees may change a visit inside the notice period too (recorded as an override), not once it began.
    const decision = canCancelOrReschedule({ startsAt: a.startsAt, now, minCancellationNoticeHours: service.notice, actor: 'employee' });
    const allowed = a.status === 'booked' && decision.allowed;
    return {
      ...summaryBasics(row, locale),
      patient,
      reasons: a.reasons.flatMap((id) => {
        const name = reasonName.get(id);
        return name === undefined ? [] : [{ id, translated_name: name }];
      }),
      message: a.message,
      can_cancel: allowed,
      can_reschedule: allowed,
      ...(refunds.has(a.id) && { refund_due_cents: refunds.get(a.id) }),
    };
  });
  return { rows, summaries };
}

/**
 * GET /api/clinic/patients/[id]: one active patient's contact details, address, preferred
 * dietitian, appointment history (newest first) with the SPEC §3 statistics, and the ids of their
 * intake forms. The forms' answers are not here: opening one goes through GET /api/intake/[id],
 * which writes the audit entry. The forms listed are those the patient can see as their own:
 * sent from their account, or with their e-mail address once they proved they own it.
 */
export async function clinicPatientDetail(db: Database, input: { id: string; locale: Locale; now: Date; timeZone: string }) {
  const patientId = patientIdOf(input.id);
  const fr = input.locale === 'fr';
  const [row] = await db
    .select({
      user: users,
      profile: patientProfiles,
      province: { en: provinces.nameEn, fr: provinces.nameFr },
      country: { en: countries.nameEn, fr: countries.nameFr },
      preferred: { id: preferred.id, firstName: preferred.firstName, lastName: preferred.lastName },
    })
    .from(users)
    .leftJoin(patientProfiles, eq(patientProfiles.userId, users.id))
    .leftJoin(provinces, eq(provinces.code, patientProfiles.provinceCode))
    .leftJoin(countries, eq(countries.code, patientProfiles.countryCode))
    .leftJoin(preferred, preferredJoin)
    .where(and(eq(users.id, patientId), isListedPatient));
  if (!row) throw notFound();
  const { user, profile } = row;
  const name = fullName(user);

  const ownForms = user.emailVerifiedAt
    ? or(eq(intakeSubmissions.userId, user.id), and(isNull(intakeSubmissions.userId), eq(intakeSubmissions.email, user.email)))
    : eq(intakeSubmissions.userId, user.id);
  const [history, forms] = await Promise.all([
    appointmentHistory(db, { id: user.id, name }, input.locale, input.now),
    db
      .select({ publicId: intakeSubmissions.publicId, createdAt: intakeSubmissions.createdAt })
      .from(intakeSubmissions)
      .where(ownForms)
      .orderBy(desc(intakeSubmissions.createdAt), desc(intakeSubmissions.id)),
  ]);

  const statistics = appointmentStatistics(
    history.rows.map((r) => r.appointment),
    { now: input.now, timeZone: input.timeZone },
  );
  // Newest first, so the soonest upcoming visit is the last booked one still ahead.
  const next = history.summaries.findLast((a) => a.status === 'booked' && Date.parse(a.start) >= input.now.getTime()) ?? null;

  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: name,
    email: user.email,
    phone: user.phone,
    preferred_language: user.preferredLanguage,
    address: profile
      ? profileAddress(profile, {
          province: { code: profile.provinceCode, name: (fr ? row.province?.fr : row.province?.en) ?? profile.provinceCode },
          country: { code: profile.countryCode, label: (fr ? row.country?.fr : row.country?.en) ?? profile.countryCode },
        })
      : null,
    preferred_dietitian: row.preferred ? { id: row.preferred.id, name: fullName(row.preferred) } : null,
    created_at: user.createdAt.toISOString(),
    appointments: history.summaries,
    statistics: { ...statistics, next_appointment: next },
    intake_forms: forms.map((form) => ({ id: form.publicId, submitted_at: form.createdAt.toISOString() })),
  };
}
