import { queryOf } from '@/lib/schemas/appointmentQueries';
import { groupSessionSchema, groupSessionsQuerySchema } from '@/lib/schemas/groupSessions';
import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { scheduleGroupSessions } from '@/lib/server/groups/schedule';
import { listGroupSessions } from '@/lib/server/groups/sessions';
import { handle, validate } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** The clinic's group sessions of a window, with their seats (issue #28). */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  await requireEmployee(db, ctx.request);
  const query = validate(groupSessionsQuerySchema, queryOf(ctx.request), ctx.locale);
  return ok({ sessions: await listGroupSessions(db, { ...query, locale: ctx.locale }) });
});

/** Schedules a session, or a weekly series booked as one; all or nothing. */
export const POST = handle(async (ctx) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const input = await ctx.body(groupSessionSchema);
  const written = await scheduleGroupSessions(db, { ...input, by: employee.id, now: new Date(), locale: ctx.locale });
  const sessions = await listGroupSessions(db, { from: input.date, days: 7 * input.meetings, locale: ctx.locale });
  const ids = new Set(written.map((session) => session.id));
  return ok({ sessions: sessions.filter((session) => ids.has(session.id)), messages: [{ message: ctx.t.server('groupSessionScheduled', { count: written.length }), type: 'success' }] }, { status: 201 });
});
