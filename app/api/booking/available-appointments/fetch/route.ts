import { fetchAppointmentsSchema } from '@/lib/schemas/bookingSlots';
import { answerJson } from '@/lib/server/booking/recentAnswers';
import { requestActor } from '@/lib/server/booking/steps/actor';
import { fetchAppointmentsStep } from '@/lib/server/booking/steps/availableAppointments';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { okWithJsonMember } from '@/lib/server/http/respond';

export const POST = handle(async (ctx) => {
  const input = await ctx.body(fetchAppointmentsSchema);
  const db = await getDb();
  const { appointment_options: options, ...rest } = await fetchAppointmentsStep(db, input, await requestActor(db, ctx.request));
  // The slots (225 kB for the demo clinic) are written once per answer, and reused answers are the same object.
  return okWithJsonMember(rest, 'appointment_options', answerJson(options));
});
