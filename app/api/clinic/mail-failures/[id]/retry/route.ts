import { requireAdmin } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { kickMailQueue, retryFailedEmail } from '@/lib/server/email/queue';
import { AppError } from '@/lib/server/http/appError';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** An administrator sends a given-up e-mail again (after fixing SMTP, or a mistyped address elsewhere). */
export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  await requireAdmin(db, ctx.request);
  const id = /^[1-9]\d{0,8}$/.test(params.id) ? Number(params.id) : null;
  if (id === null || !(await retryFailedEmail(db, id))) throw new AppError('mail_not_found', 404, 'mailNotFound');
  void kickMailQueue();
  return ok({ messages: [{ message: ctx.t.server('mailRetried'), type: 'success' }] });
});
