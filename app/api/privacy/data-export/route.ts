import { dataLinkSchema } from '@/lib/schemas/privacy';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { exportResponse } from '@/lib/server/privacy/exportZip';
import { useGuestExportLink } from '@/lib/server/privacy/guestLinks';

/** A guest's export by the e-mailed link (its token in the body, never in an address): once. */
export const POST = handle(async (ctx) => {
  const db = await getDb();
  const { token } = await ctx.body(dataLinkSchema);
  const email = await useGuestExportLink(db, { token, ip: ctx.ip });
  return exportResponse(db, { kind: 'guest', email }, { locale: ctx.locale, actorUserId: null, via: 'email_link' });
});
