import { requireSession } from '@/lib/server/auth/currentUser';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { exportResponse } from '@/lib/server/privacy/exportZip';
import { requestedLanguage } from '@/lib/server/receipts/http';

/** "My data" (issue #30): everything the clinic holds about the signed-in person, as a ZIP; ?lang= the summary's language. */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  const { user } = await requireSession(db, ctx.request);
  return exportResponse(db, { kind: 'patient', patientId: user.id }, { locale: requestedLanguage(ctx.request) ?? ctx.locale, actorUserId: user.id, via: 'profile' });
});
