import { manageTokenSchema } from '@/lib/schemas/manageAppointment';
import { cancelByLink } from '@/lib/server/booking/manage';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** Cancels the appointment of a manage link, under a patient's rules (issue #15). */
export const POST = handle(async (ctx) => {
  const { token } = await ctx.body(manageTokenSchema);
  const appointment = await cancelByLink(await getDb(), { token, ip: ctx.ip, locale: ctx.locale });
  // Said on the page itself (a status line), not as a toast.
  return ok({ appointment });
});
