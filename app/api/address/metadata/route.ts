import { asc } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { countries, provinces } from '@/lib/server/db/schema';
import { handle } from '@/lib/server/http/handler';

/** Provinces and countries with names in the request's language (cached 1 h, SPEC §9). */
export const GET = handle(async (ctx) => {
  const db = await getDb();
  const name = (row: { nameEn: string; nameFr: string }) => (ctx.locale === 'fr' ? row.nameFr : row.nameEn);
  const [provinceRows, countryRows] = await Promise.all([
    db.select().from(provinces).orderBy(asc(provinces.code)),
    db.select().from(countries).orderBy(asc(countries.code)),
  ]);
  const collator = new Intl.Collator(ctx.locale);
  const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);
  return Response.json(
    {
      provinces: provinceRows.map((p) => ({ code: p.code, name: name(p) })).sort(byName),
      countries: countryRows.map((c) => ({ code: c.code, label: name(c), name: name(c) })).sort(byName),
      language: ctx.locale,
    },
    { headers: { 'Cache-Control': 'public, max-age=3600', Vary: 'Accept-Language' } },
  );
});
