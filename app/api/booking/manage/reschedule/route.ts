import { manageRescheduleSchema } from '@/lib/schemas/manageAppointment';
import { rescheduleByLink } from '@/lib/server/booking/manage';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** Moves a manage link's appointment to an offered time (issue #15); the link then opens the new visit. */
export const POST = handle(async (ctx) => {
  const { token, start, group_session_id } = await ctx.body(manageRescheduleSchema);
  const appointment = await rescheduleByLink(await getDb(), { token, start, groupSessionId: group_session_id, ip: ctx.ip, locale: ctx.locale });
  // Said on the page itself (a status line), not as a toast.
  return ok({ appointment });
});
