import { queryOf } from '@/lib/schemas/appointmentQueries';
import { clinicWaitlistSlotsQuerySchema } from '@/lib/schemas/waitlist';
import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { handle, validate } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { activeEntry, entryIdOf } from '@/lib/server/waitlist/clinic';
import { entrySlots } from '@/lib/server/waitlist/clinicOffer';

/** The free times an entry could be offered, as the booking flow lists them for that person. */
export const GET = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  await requireEmployee(db, ctx.request);
  const { from_date } = validate(clinicWaitlistSlotsQuerySchema, queryOf(ctx.request), ctx.locale);
  const entry = await activeEntry(db, entryIdOf(params.id));
  return ok({ appointment_options: await entrySlots(db, entry, new Date(), from_date) });
});
