import { listSkills } from '@/lib/server/booking/steps/catalog';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';

// SPEC §7 answers a bare list of { id, translated_name }, in the request's language.
export const GET = handle(async (ctx) => {
  const list = await listSkills(await getDb(), { locale: ctx.locale });
  return Response.json(list, { headers: { 'Cache-Control': 'no-store', Vary: 'Accept-Language' } });
});
