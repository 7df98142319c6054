import { requireAdmin } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { kickMailQueue, retryFailedEmail } from '@/lib/server/email/queue';
import { AppError } from '@/lib/server/http/appError';
import { handle } from '@/lib/server/http/handler';
import { pathId } from '@/lib/server/http/pathId';
import { ok } from '@/lib/server/http/respond';

/** An administrator sends a given-up e-mail again (after fixing SMTP, or a mistyped address elsewhere). */
export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  await requireAdmin(db, ctx.request);
  const mailNotFound = () => new AppError('mail_not_found', 404, 'mailNotFound');
  if (!(await retryFailedEmail(db, pathId(params.id, mailNotFound)))) throw mailNotFound();
  void kickMailQueue();
  return ok({ messages: [{ message: ctx.t.server('mailRetried'), type: 'success' }] });
});
