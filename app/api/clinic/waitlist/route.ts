import { queryOf } from '@/lib/schemas/appointmentQueries';
import { clinicWaitlistQuerySchema } from '@/lib/schemas/waitlist';
import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { handle, validate } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { listWaitlist } from '@/lib/server/waitlist/clinic';

/** The active waitlist entries, oldest first, for employees (issue #16). */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  await requireEmployee(db, ctx.request);
  const query = validate(clinicWaitlistQuerySchema, queryOf(ctx.request), ctx.locale);
  return ok({ entries: await listWaitlist(db, query, ctx.locale) });
});
