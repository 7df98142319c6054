import { requireEmployee } from '@/lib/server/booking/patients';
import { clinicPatientDetail } from '@/lib/server/clinic/patients';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** Employees: one patient's details, appointment history and intake form ids (never the answers). */
export const GET = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  await requireEmployee(db, ctx.request);
  const detail = await clinicPatientDetail(db, {
    id: params.id,
    locale: ctx.locale,
    now: new Date(),
    timeZone: getConfig().clinicTimezone,
  });
  return ok(detail);
});
