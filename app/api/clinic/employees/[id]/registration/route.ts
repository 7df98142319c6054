import { registrationNumberSchema } from '@/lib/schemas/clinicTeam';
import { requireAdmin } from '@/lib/server/booking/patients';
import { setRegistrationNumber } from '@/lib/server/clinic/teamMembership';
import { employeeIdParam } from '@/lib/server/clinic/teamRequest';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** Sets or clears a dietitian's College registration number, printed on receipts (administrators). */
export const PUT = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  await requireAdmin(db, ctx.request);
  const employeeId = employeeIdParam(params.id);
  const { registration_number } = await ctx.body(registrationNumberSchema);
  const saved = await setRegistrationNumber(db, { employeeId, registrationNumber: registration_number });
  return ok({ registration_number: saved, messages: [{ message: ctx.t.server('teamRegistrationSaved'), type: 'success' }] });
});
