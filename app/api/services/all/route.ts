import { requestActor } from '@/lib/server/booking/steps/actor';
import { listServices } from '@/lib/server/booking/steps/catalog';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';

// SPEC §7 answers a bare list. It depends on who asks (guests see fewer) and in which language: never shared-cached.
export const GET = handle(async (ctx) => {
  const db = await getDb();
  const list = await listServices(db, { locale: ctx.locale }, await requestActor(db, ctx.request));
  return Response.json(list, { headers: { 'Cache-Control': 'private, no-store', Vary: 'Cookie, Accept-Language' } });
});
