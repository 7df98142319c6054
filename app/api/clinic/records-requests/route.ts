import { queryOf } from '@/lib/schemas/appointmentQueries';
import { recordsRequestSchema, recordsRequestsQuerySchema } from '@/lib/schemas/recordsRequests';
import { formatLocalDate } from '@/lib/format/dates';
import { requireAdmin } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { handle, validate } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { listRecordsRequests, recordRecordsRequest } from '@/lib/server/privacy/recordsRequests';

// Bodies and answers hold what a correction asks: like every handler, these log the path only.

/** The records requests, open ones first by due date, for administrators (issue #30 item 5). */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  await requireAdmin(db, ctx.request, 'recordsAdminOnly');
  const query = validate(recordsRequestsQuerySchema, queryOf(ctx.request), ctx.locale);
  return ok({ requests: await listRecordsRequests(db, { status: query.status, now: new Date() }) });
});

/** Records a request received by phone, letter or in person; due 30 days after it was received. */
export const POST = handle(async (ctx) => {
  const db = await getDb();
  const admin = await requireAdmin(db, ctx.request, 'recordsAdminOnly');
  const input = await ctx.body(recordsRequestSchema);
  const request = await recordRecordsRequest(db, input, admin, { now: new Date() });
  const message = ctx.t.server('recordsRequestRecorded', { due: formatLocalDate(request.due_on, ctx.locale, 'long') });
  return ok({ request, messages: [{ message, type: 'success' }] }, { status: 201 });
});
