import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { handoutOwnerOf, readHandoutUpload } from '@/lib/server/groups/handoutHttp';
import { addHandout, listHandouts } from '@/lib/server/groups/handouts';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** A topic's handouts: every session of the topic hands them out (issue #28 item 4). */
export const GET = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  await requireEmployee(db, ctx.request);
  return ok({ handouts: await listHandouts(db, handoutOwnerOf('topic', params.id)) });
});

/** Attaches a PDF (multipart, field `file`, at most 10 MB) to a topic. */
export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const owner = handoutOwnerOf('topic', params.id);
  const handout = await addHandout(db, { owner, file: await readHandoutUpload(ctx.request), by: employee.id });
  return ok({ handout, messages: [{ message: ctx.t.server('handoutAdded', { name: handout.file_name }), type: 'success' }] }, { status: 201 });
});
