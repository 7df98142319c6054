import { manageTokenSchema } from '@/lib/schemas/manageAppointment';
import { openManageLink } from '@/lib/server/booking/manage';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { appointmentReceipts } from '@/lib/server/receipts/access';
import { privateOk } from '@/lib/server/receipts/http';

/** The receipts of the visit a manage link opens (a guest has no profile to find them in). */
export const POST = handle(async (ctx) => {
  const db = await getDb();
  const { token } = await ctx.body(manageTokenSchema);
  const appointment = await openManageLink(db, token, ctx.ip, new Date());
  return privateOk({ receipts: await appointmentReceipts(db, appointment.id, ctx.locale) });
});
