import { requireSession } from '@/lib/server/auth/currentUser';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { patientReceipts } from '@/lib/server/receipts/access';
import { privateOk } from '@/lib/server/receipts/http';

/** The signed-in patient's own receipts, by year (an employee's own list is empty: they have none). */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  const { user } = await requireSession(db, ctx.request);
  return privateOk({ ...(await patientReceipts(db, user.id, ctx.locale)) });
});
