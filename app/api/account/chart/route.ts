import { requireSession } from '@/lib/server/auth/currentUser';
import { privateOk } from '@/lib/server/chart/http';
import { sharedEntries } from '@/lib/server/chart/patientCopy';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';

/** The signed-in patient's chart entries their dietitian shared with them; none for an account that is no patient. */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  const { user } = await requireSession(db, ctx.request);
  return privateOk({ entries: user.isPatient ? await sharedEntries(db, user.id, ctx.locale) : [] });
});
