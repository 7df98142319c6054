import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { handoutOwnerOf, readHandoutUpload } from '@/lib/server/groups/handoutHttp';
import { addHandout, listHandouts } from '@/lib/server/groups/handouts';
import { handoutSendCounts } from '@/lib/server/groups/sendHandouts';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** A session's handouts (its own and its topic's) and how many present attendees were sent them (issue #28 item 4). */
export const GET = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  await requireEmployee(db, ctx.request);
  const owner = handoutOwnerOf('session', params.id);
  const handouts = await listHandouts(db, owner);
  const counts = await handoutSendCounts(db, owner.id);
  return ok({ handouts, sent_attendees: counts.sent, unsent_attendees: counts.unsent });
});

/** Attaches a PDF (multipart, field `file`, at most 10 MB) to this session only. */
export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const owner = handoutOwnerOf('session', params.id);
  const handout = await addHandout(db, { owner, file: await readHandoutUpload(ctx.request), by: employee.id });
  return ok({ handout, messages: [{ message: ctx.t.server('handoutAdded', { name: handout.file_name }), type: 'success' }] }, { status: 201 });
});
