import 'server-only';
import { and, asc, count, eq, isNotNull, isNull, lt, ne, notExists, or } from 'drizzle-orm';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import type { ChartProgressPoint, ChartView } from '@/lib/schemas/chart';
import type { User } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/client';
import { appointments, chartEntries, services } from '@/lib/server/db/schema';
import { serverTranslator } from '@/lib/server/http/translate';
import { chartPatient, mayReadEntry, recordChartRead, requireCircleOfCare } from './access';
import { progressSvg } from './progressSvg';
import { bmiByEntry, entryView, loadEntries, type LoadedEntry } from './views';

type Reader = Pick<User, 'id' | 'isAdmin'>;

/** Signed, live weights in time order: what the progress chart and its table show. */
export function progressPoints(entries: LoadedEntry[], bmi: Map<number, number | null>): ChartProgressPoint[] {
  return entries.flatMap(({ row, content }) =>
    row.signedAt !== null && row.errorAt === null && content.weight_kg !== null
      ? [{ at: row.occurredAt.toISOString(), weight_kg: content.weight_kg, bmi: bmi.get(row.id) ?? null }]
      : [],
  );
}

/**
 * GET /api/clinic/patients/<id>/chart: the whole chart for a reader of the patient's circle of
 * care (entries in error included, struck), the progress of their weight, and the reader's past
 * visits with the patient that still have no entry. One audit line per read.
 */
export async function readChart(db: Database, input: { patientId: string; reader: Reader; locale: Locale; now: Date }): Promise<ChartView> {
  const { reader, locale, now } = input;
  const patient = await chartPatient(db, input.patientId);
  await requireCircleOfCare(db, reader, patient.id);
  await recordChartRead(db, { readerId: reader.id, patientId: patient.id, what: 'chart' });

  const all = await loadEntries(db, eq(chartEntries.patientId, patient.id), locale);
  const readable = all.filter((entry) => mayReadEntry(reader, entry.row));
  // BMI from every live entry's height, as the chart's author saw it; the reader's view only shows what they may read.
  const bmi = bmiByEntry(all);
  const points = progressPoints(readable, bmi);
  const t = serverTranslator(locale);

  const unnoted = await db
    .select({ id: appointments.id, startsAt: appointments.startsAt, nameEn: services.nameEn, nameFr: services.nameFr })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .where(
      and(
        eq(appointments.patientId, patient.id),
        eq(appointments.employeeId, reader.id),
        ne(appointments.status, 'cancelled'),
        lt(appointments.startsAt, now),
        noEntryFor(db),
      ),
    )
    .orderBy(asc(appointments.startsAt));

  return {
    patient: { id: patient.id, name: fullName(patient), closed: patient.closed },
    entries: readable.map((entry) => entryView(entry, bmi.get(entry.row.id) ?? null, reader)).reverse(),
    private_count: all.length - readable.length,
    progress: { points, svg: progressSvg(points, { title: t.server('chartProgressTitle'), unit: t.server('chartProgressUnit') }, locale) },
    unnoted_visits: unnoted.map((visit) => ({ id: visit.id, starts_at: visit.startsAt.toISOString(), service: locale === 'fr' ? visit.nameFr : visit.nameEn })),
  };
}

/** No live entry records the visit: the subquery of "note missing". */
export function noEntryFor(db: Database) {
  return notExists(
    db
      .select({ one: chartEntries.id })
      .from(chartEntries)
      .where(and(eq(chartEntries.appointmentId, appointments.id), isNull(chartEntries.errorAt))),
  );
}

/**
 * The employee's notes to sign, for the profile: her drafts, and her past visits and seats of
 * patients with an account, not cancelled, that have no entry yet.
 */
export async function notesToSign(db: Database, employeeId: number, now: Date): Promise<{ drafts: number; missing: number }> {
  const [[drafts], [missing]] = await Promise.all([
    db.select({ n: count() }).from(chartEntries).where(and(eq(chartEntries.authorId, employeeId), isNull(chartEntries.signedAt))),
    db
      .select({ n: count() })
      .from(appointments)
      .where(
        and(
          eq(appointments.employeeId, employeeId),
          isNotNull(appointments.patientId),
          or(eq(appointments.status, 'completed'), and(eq(appointments.status, 'booked'), lt(appointments.endsAt, now))),
          noEntryFor(db),
        ),
      ),
  ]);
  return { drafts: drafts?.n ?? 0, missing: missing?.n ?? 0 };
}
