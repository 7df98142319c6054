import { requireSession } from '@/lib/server/auth/currentUser';
import { bookedAppointments } from '@/lib/server/booking/bookedAppointments';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

// An employee who is also a patient sees the dietitian's view, as everywhere in booking (steps/actor.ts).
export const GET = handle(async (ctx) => {
  const db = await getDb();
  const { user } = await requireSession(db, ctx.request);
  const viewer = { userId: user.id, kind: user.isEmployee ? ('employee' as const) : ('patient' as const) };
  return ok({ ...(await bookedAppointments(db, { viewer, locale: ctx.locale, now: new Date(), timeZone: getConfig().clinicTimezone })) });
});
