import 'server-only';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DataExport } from '@/lib/schemas/dataExport';
import { bmiByEntry, isLate, loadEntries } from '@/lib/server/chart/views';
import type { Database } from '@/lib/server/db/client';
import { chartAccessLog, chartAddenda, chartEntries, users } from '@/lib/server/db/schema';
import type { RecordSubject } from './audit';

/**
 * The chart in a patient's export (issue #40 item 5): the signed entries with their addenda (struck
 * ones too, marked, as the full chart shows them), and every reading of the chart by the clinic.
 * Drafts are not yet the record: their content stays out, and the export says how many there are.
 * A guest has no chart. `read` names each row read, as collectRows.ts does.
 */
export async function readChartExport(
  db: Database,
  subject: RecordSubject,
  read: (table: string, keys: (string | number)[]) => void,
): Promise<Pick<DataExport, 'chart_entries' | 'chart_drafts_withheld' | 'chart_access'>> {
  if (subject.kind !== 'patient') return { chart_entries: [], chart_drafts_withheld: 0, chart_access: [] };
  const patientId = subject.patientId;
  const entries = await loadEntries(db, and(eq(chartEntries.patientId, patientId), isNotNull(chartEntries.signedAt))!, 'en');
  const drafts = await db.select({ id: chartEntries.id }).from(chartEntries).where(and(eq(chartEntries.patientId, patientId), isNull(chartEntries.signedAt)));
  const reader = alias(users, 'chart_reader');
  const access = await db
    .select({ log: chartAccessLog, entry: chartEntries.publicId, reader: { firstName: reader.firstName, lastName: reader.lastName } })
    .from(chartAccessLog)
    .innerJoin(reader, eq(reader.id, chartAccessLog.readerUserId))
    .leftJoin(chartEntries, eq(chartEntries.id, chartAccessLog.entryId))
    .where(eq(chartAccessLog.patientId, patientId))
    .orderBy(asc(chartAccessLog.accessedAt), asc(chartAccessLog.id));
  const entryIds = entries.map((entry) => entry.row.id);
  const addendumIds = entryIds.length ? await db.select({ id: chartAddenda.id }).from(chartAddenda).where(inArray(chartAddenda.entryId, entryIds)) : [];

  read('chart_entries', [...entryIds, ...drafts.map((draft) => draft.id)]);
  read('chart_addenda', addendumIds.map((row) => row.id));
  read('chart_access_log', access.map((row) => row.log.id));

  const bmi = bmiByEntry(entries);
  return {
    chart_entries: entries.map(({ row, content, author, struckBy, addenda }) => ({
      id: row.publicId,
      template: row.template,
      occurred_at: row.occurredAt.toISOString(),
      signed_at: row.signedAt!.toISOString(),
      late_entry: isLate(row),
      author: author.name,
      content_hash: row.contentHash!,
      shared_with_you: row.sharedAt !== null,
      entered_in_error: row.errorAt ? { at: row.errorAt.toISOString(), by: struckBy ?? '', reason: row.errorReason ?? '' } : null,
      content,
      bmi: bmi.get(row.id) ?? null,
      addenda,
    })),
    chart_drafts_withheld: drafts.length,
    chart_access: access.map(({ log, entry, reader: r }) => ({
      read_at: log.accessedAt.toISOString(),
      what: log.what,
      entry_id: entry ?? null,
      reader: { first_name: r.firstName, last_name: r.lastName },
    })),
  };
}
