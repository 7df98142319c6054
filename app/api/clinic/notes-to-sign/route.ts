import { requireEmployee } from '@/lib/server/booking/patients';
import { notesToSign } from '@/lib/server/chart/chart';
import { privateOk } from '@/lib/server/chart/http';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';

/** The signed-in employee's drafts and past visits without a note: counts only, for the profile. */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  return privateOk(await notesToSign(db, employee.id, new Date()));
});
