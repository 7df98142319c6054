import 'server-only';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { SharedChartEntryView } from '@/lib/schemas/chart';
import type { Database } from '@/lib/server/db/client';
import { chartEntries } from '@/lib/server/db/schema';
import { bmiByEntry, loadEntries } from './views';

/**
 * GET /api/account/chart: the entries a dietitian shared with the patient (issue #40 item 5),
 * signed and not struck, newest first, with their addenda. Their own record: no audit line.
 */
export async function sharedEntries(db: Database, patientId: number, locale: Locale): Promise<SharedChartEntryView[]> {
  const live = await loadEntries(db, and(eq(chartEntries.patientId, patientId), isNotNull(chartEntries.signedAt), isNull(chartEntries.errorAt))!, locale);
  const bmi = bmiByEntry(live);
  return live
    .filter(({ row }) => row.sharedAt !== null)
    .map(({ row, content, author, addenda }) => ({
      id: row.publicId,
      template: row.template,
      occurred_at: row.occurredAt.toISOString(),
      signed_at: (row.signedAt ?? row.occurredAt).toISOString(),
      author: author.name,
      content,
      bmi: bmi.get(row.id) ?? null,
      addenda,
    }))
    .reverse();
}
