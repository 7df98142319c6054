import { manageSlotsSchema } from '@/lib/schemas/manageAppointment';
import { slotsByLink } from '@/lib/server/booking/manage';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** The times a manage link's appointment can move to (issue #15). */
export const POST = handle(async (ctx) => {
  const { token, from_date } = await ctx.body(manageSlotsSchema);
  const options = await slotsByLink(await getDb(), { token, ip: ctx.ip, locale: ctx.locale, fromDate: from_date });
  return ok({ appointment_options: options });
});
