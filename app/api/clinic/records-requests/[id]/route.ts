import { recordsRequestOutcomeSchema } from '@/lib/schemas/recordsRequests';
import { requireAdmin } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { handleRecordsRequest } from '@/lib/server/privacy/recordsRequests';

/** Completes or refuses an open records request, with its outcome; once only (409 after). */
export const PATCH = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const admin = await requireAdmin(db, ctx.request, 'recordsAdminOnly');
  const outcome = await ctx.body(recordsRequestOutcomeSchema);
  const request = await handleRecordsRequest(db, { id: params.id, outcome }, admin, { now: new Date() });
  const message = ctx.t.server(request.status === 'refused' ? 'recordsRequestRefused' : 'recordsRequestCompleted');
  return ok({ request, messages: [{ message, type: 'success' }] });
});
