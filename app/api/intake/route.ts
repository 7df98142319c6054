import { intakeSubmissionSchema } from '@/lib/schemas/intake';
import { intakeListQuerySchema } from '@/lib/schemas/intakeReview';
import { queryOf } from '@/lib/schemas/appointmentQueries';
import { currentSession, requireSession } from '@/lib/server/auth/currentUser';
import { getDb } from '@/lib/server/db/client';
import { handle, validate } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { listIntakes } from '@/lib/server/intake/review';
import { submitIntake } from '@/lib/server/intake/submit';

// Neither the body nor the query string is ever logged: the handler logs the path only.

/** The patient form, from a guest or a signed-in user. */
export const POST = handle(async (ctx) => {
  const input = await ctx.body(intakeSubmissionSchema);
  const db = await getDb();
  const session = await currentSession(db, ctx.request);
  const { publicId } = await submitIntake(db, input, { ip: ctx.ip, user: session?.user ?? null });
  return ok({ id: publicId, messages: [{ message: ctx.t.server('intakeSubmitted'), type: 'success' }] }, { status: 201 });
});

/** Employees: every form (searchable); anyone else signed in: their own. */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  const { user } = await requireSession(db, ctx.request);
  const query = validate(intakeListQuerySchema, queryOf(ctx.request), ctx.locale);
  return ok(await listIntakes(db, user, query));
});
