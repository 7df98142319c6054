import { newChartEntrySchema } from '@/lib/schemas/chart';
import { requireEmployee } from '@/lib/server/booking/patients';
import { chartPatient } from '@/lib/server/chart/access';
import { readChart } from '@/lib/server/chart/chart';
import { createEntry } from '@/lib/server/chart/entries';
import { privateOk } from '@/lib/server/chart/http';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';

/** The patient's chart, for their circle of care (issue #40); each read is audited. */
export const GET = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const reader = await requireEmployee(db, ctx.request);
  return privateOk({ chart: await readChart(db, { patientId: params.id, reader, locale: ctx.locale, now: new Date() }) });
});

/** A new draft by the signed-in employee: for a visit or seat (its entry if it has one, 200), or on its own (201). */
export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const author = await requireEmployee(db, ctx.request);
  const patient = await chartPatient(db, params.id);
  const body = await ctx.body(newChartEntrySchema);
  const { entry, created } = await createEntry(db, { patientId: patient.id, body, author, now: new Date(), locale: ctx.locale });
  return privateOk({ entry }, created ? 201 : 200);
});
