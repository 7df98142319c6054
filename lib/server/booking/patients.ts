import 'server-only';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import { requireSession } from '@/lib/server/auth/currentUser';
import type { Database } from '@/lib/server/db/client';
import { countries, employeeProfiles, patientProfiles, users } from '@/lib/server/db/schema';
import { containsEveryWord } from '@/lib/server/db/textSearch';
import { AppError } from '@/lib/server/http/appError';

/** The most patients a search answers: enough to pick from, never the whole list. */
export const MAX_PATIENT_RESULTS = 20;

/** The signed-in employee, or 401 (nobody signed in) / 403 (a patient): these calls read other people's data. */
export async function requireEmployee(db: Database, request: Request) {
  const session = await requireSession(db, request);
  if (!session.user.isEmployee) throw new AppError('forbidden', 403, 'forbidden');
  return session.user;
}

/**
 * The signed-in administrator (an employee with the admin flag): inviting and deactivating
 * colleagues, records requests. `refusal` is the Server text a non-admin employee gets.
 */
export async function requireAdmin(db: Database, request: Request, refusal: 'teamAdminOnly' | 'recordsAdminOnly' | 'backupsAdminOnly' = 'teamAdminOnly') {
  const user = await requireEmployee(db, request);
  if (!user.isAdmin) throw new AppError('forbidden', 403, refusal);
  return user;
}

type PatientProfile = typeof patientProfiles.$inferSelect;

/**
 * A patient profile's address in the API's shape, with the province and country as the caller
 * names them; shared with the clinic's patient record (lib/server/clinic/patients.ts).
 */
export function profileAddress<Province, Country>(profile: PatientProfile, names: { province: Province; country: Country }) {
  return {
    street_number: profile.streetNumber,
    street_name: profile.streetName,
    unit_number: profile.unitNumber,
    city: profile.city,
    province: names.province,
    country: names.country,
    postal_code: profile.postalCode,
  };
}

/**
 * GET /api/booking/selected-patient-info: what an employee booking for a patient needs — the
 * patient's contact and address, and the dietitians to choose from (the ones that can take
 * bookings: active employees with a dietitian profile), the patient's preferred one flagged.
 */
export async function selectedPatientInfo(db: Database, input: { patientId: number; locale: Locale }) {
  const [row] = await db
    .select({ user: users, profile: patientProfiles, countryEn: countries.nameEn, countryFr: countries.nameFr })
    .from(users)
    .leftJoin(patientProfiles, eq(patientProfiles.userId, users.id))
    .leftJoin(countries, eq(countries.code, patientProfiles.countryCode))
    .where(and(eq(users.id, input.patientId), eq(users.isPatient, true), eq(users.isActive, true)));
  if (!row) throw new AppError('patient_not_found', 404, 'patientNotFound');
  const { user, profile } = row;

  const team = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
    .where(and(eq(users.isEmployee, true), eq(users.isActive, true)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const preferredId = profile?.preferredDietitianId ?? null;
  const preferred = team.find((d) => d.id === preferredId);

  return {
    patient_info: {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      full_name: fullName(user),
      email: user.email,
      phone: user.phone,
      preferred_language: user.preferredLanguage,
      address: profile
        ? {
            ...profileAddress(profile, {
              province: { code: profile.provinceCode },
              country: { code: profile.countryCode, label: (input.locale === 'fr' ? row.countryFr : row.countryEn) ?? profile.countryCode },
            }),
            place_name: null,
          }
        : null,
      // An inactive (or former) dietitian is no choice any more: shown as no preference.
      preferred_dietitian: preferred ? preferred.id : null,
      preferred_dietitian_name: preferred ? fullName(preferred) : null,
    },
    dietitians: team.map((d) => ({ id: d.id, full_name: fullName(d), is_preferred: d.id === preferredId })),
  };
}

/**
 * Users whose name or e-mail contains every word of the term (case and accents ignored), or, for
 * a term that looks like a phone number, whose phone digits contain its digits. Undefined for an
 * empty term (no condition). Shared with the clinic's patient list (lib/server/clinic/patients.ts).
 */
export function patientMatches(term: string): SQL | undefined {
  const byText = containsEveryWord(sql`${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}`, term);
  const digits = term.replace(/\D/g, '');
  const looksLikePhone = /^[\d\s()+.-]+$/.test(term) && digits.length >= 2;
  const byPhone = looksLikePhone ? ilike(sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g')`, `%${digits}%`) : undefined;
  return or(byText, byPhone);
}

/**
 * GET /api/booking/patients?search=: active patients whose name or e-mail contains every word of
 * the term (case and accents ignored), or, for a term that looks like a phone number, whose phone
 * digits contain its digits. The term is health-adjacent personal data: it is never logged.
 */
export async function searchPatients(db: Database, term: string) {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
    .from(users)
    .where(and(eq(users.isPatient, true), eq(users.isActive, true), patientMatches(term)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(MAX_PATIENT_RESULTS);
  return { patients: rows.map((p) => ({ id: p.id, full_name: fullName(p), email: p.email, phone: p.phone })) };
}
