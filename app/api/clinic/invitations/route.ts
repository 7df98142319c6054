import { teamInviteSchema } from '@/lib/schemas/clinicTeam';
import { requireAdmin } from '@/lib/server/booking/patients';
import { inviteEmployee } from '@/lib/server/clinic/teamInvitations';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

/** An administrator invites a colleague: a single-use sign-up link goes to their address. */
export const POST = handle(async (ctx) => {
  const db = await getDb();
  const admin = await requireAdmin(db, ctx.request);
  const input = await ctx.body(teamInviteSchema);
  const invitation = await inviteEmployee(db, input, admin);
  return ok(
    { invitation, messages: [{ message: ctx.t.server('teamInviteSent', { email: invitation.email }), type: 'success' }] },
    { status: 201 },
  );
});
