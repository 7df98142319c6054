import { clinicWaitlistOfferSchema } from '@/lib/schemas/waitlist';
import { requireEmployee } from '@/lib/server/booking/patients';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { entryIdOf } from '@/lib/server/waitlist/clinic';
import { offerByHand } from '@/lib/server/waitlist/clinicOffer';

/** Offers a chosen free time to this entry by e-mail (replacing its open offer). */
export const POST = handle<{ id: string }>(async (ctx, params) => {
  const db = await getDb();
  const employee = await requireEmployee(db, ctx.request);
  const { start } = await ctx.body(clinicWaitlistOfferSchema);
  const offer = await offerByHand(db, { entryId: entryIdOf(params.id), start, by: employee.id, now: new Date() });
  return ok(
    { offer: { start: offer.startsAt.toISOString(), end: offer.endsAt.toISOString(), expires_at: offer.expiresAt.toISOString() }, messages: [{ message: ctx.t.server('waitlistOffered'), type: 'success' }] },
    { status: 201 },
  );
});
