import 'server-only';
import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import { bodyMassIndex, LATE_ENTRY_HOURS, type ChartAddendumView, type ChartContent, type ChartEntryView } from '@/lib/schemas/chart';
import type { User } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/client';
import { appointments, chartAddenda, chartEntries, services, users, type ChartEntryRow } from '@/lib/server/db/schema';
import { openAddendum, openContent } from './content';

/** Entries as the API shows them: decrypted, with their author, visit, addenda, BMI and late mark. */

const author = alias(users, 'chart_author');
const striker = alias(users, 'chart_striker');

export interface LoadedEntry {
  row: ChartEntryRow;
  content: ChartContent;
  author: { id: number; name: string };
  struckBy: string | null;
  visit: { id: number; service: string; group: boolean } | null;
  addenda: ChartAddendumView[];
}

/** The entries `where` selects, oldest first, with everything their views need. */
export async function loadEntries(db: Database, where: SQL, locale: Locale): Promise<LoadedEntry[]> {
  const rows = await db
    .select({
      entry: chartEntries,
      author: { id: author.id, firstName: author.firstName, lastName: author.lastName },
      striker: { firstName: striker.firstName, lastName: striker.lastName },
      visit: { id: appointments.id, groupSessionId: appointments.groupSessionId },
      service: { nameEn: services.nameEn, nameFr: services.nameFr },
    })
    .from(chartEntries)
    .innerJoin(author, eq(author.id, chartEntries.authorId))
    .leftJoin(striker, eq(striker.id, chartEntries.errorBy))
    .leftJoin(appointments, eq(appointments.id, chartEntries.appointmentId))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .where(where)
    .orderBy(asc(chartEntries.occurredAt), asc(chartEntries.id));

  const ids = rows.map((row) => row.entry.id);
  const addendumRows = ids.length
    ? await db
        .select({ addendum: chartAddenda, author: { firstName: author.firstName, lastName: author.lastName } })
        .from(chartAddenda)
        .innerJoin(author, eq(author.id, chartAddenda.authorId))
        .where(inArray(chartAddenda.entryId, ids))
        .orderBy(asc(chartAddenda.createdAt), asc(chartAddenda.id))
    : [];
  const publicIdOf = new Map(rows.map((row) => [row.entry.id, row.entry.publicId]));
  const addendaOf = new Map<number, ChartAddendumView[]>();
  for (const { addendum, author: by } of addendumRows) {
    const { reason, text } = openAddendum(addendum.content, publicIdOf.get(addendum.entryId) ?? '');
    const list = addendaOf.get(addendum.entryId) ?? [];
    list.push({ kind: addendum.kind, author: fullName(by), created_at: addendum.createdAt.toISOString(), reason, text });
    addendaOf.set(addendum.entryId, list);
  }

  return rows.map(({ entry, author: by, striker: struck, visit, service }) => ({
    row: entry,
    content: openContent(entry.content, entry.publicId),
    author: { id: by.id, name: fullName(by) },
    struckBy: struck ? fullName(struck) : null,
    visit: visit && service ? { id: visit.id, service: locale === 'fr' ? service.nameFr : service.nameEn, group: visit.groupSessionId !== null } : null,
    addenda: addendaOf.get(entry.id) ?? [],
  }));
}

/** Signed more than LATE_ENTRY_HOURS after the care it records. */
export function isLate(row: Pick<ChartEntryRow, 'signedAt' | 'occurredAt'>): boolean {
  return row.signedAt !== null && row.signedAt.getTime() - row.occurredAt.getTime() > LATE_ENTRY_HOURS * 3_600_000;
}

/**
 * Each entry's BMI: its weight over its height, or over the latest height charted in an earlier
 * entry of the same list (oldest first), as a dietitian measures height once and weight each visit.
 */
export function bmiByEntry(entries: LoadedEntry[]): Map<number, number | null> {
  const bmi = new Map<number, number | null>();
  let height: number | null = null;
  for (const { row, content } of entries) {
    if (content.height_cm !== null && row.errorAt === null) height = content.height_cm;
    bmi.set(row.id, bodyMassIndex(content.weight_kg, content.height_cm ?? height));
  }
  return bmi;
}

export function entryView(entry: LoadedEntry, bmi: number | null, reader: Pick<User, 'id' | 'isAdmin'>): ChartEntryView {
  const { row } = entry;
  const signed = row.signedAt !== null;
  const mine = row.authorId === reader.id;
  const live = row.errorAt === null;
  return {
    id: row.publicId,
    patient_id: row.patientId,
    template: row.template,
    privacy: row.privacy,
    version: row.version,
    visit: entry.visit,
    occurred_at: row.occurredAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    author: entry.author,
    signed_at: row.signedAt?.toISOString() ?? null,
    content_hash: row.contentHash,
    late: isLate(row),
    shared_at: row.sharedAt?.toISOString() ?? null,
    error: row.errorAt ? { at: row.errorAt.toISOString(), by: entry.struckBy ?? '', reason: row.errorReason ?? '' } : null,
    content: entry.content,
    bmi,
    addenda: entry.addenda,
    can: {
      edit: !signed && mine,
      amend: signed && live,
      strike: signed && live && (mine || reader.isAdmin),
      share: signed && live && (mine || reader.isAdmin),
    },
  };
}
