import { z } from 'zod';
import { requireSession } from '@/lib/server/auth/currentUser';
import { getDb } from '@/lib/server/db/client';
import { handle } from '@/lib/server/http/handler';
import { receiptNotFound, yearPdf } from '@/lib/server/receipts/access';
import { pdfResponse, requestedLanguage } from '@/lib/server/receipts/http';

const yearSchema = z.coerce.number().int().min(2000).max(2999);

/** All of a year's valid receipts of the signed-in patient as one PDF (tax time). */
export const GET = handle<{ year: string }>(async (ctx, params) => {
  const db = await getDb();
  const { user } = await requireSession(db, ctx.request);
  const year = yearSchema.safeParse(params.year);
  if (!year.success) throw receiptNotFound();
  return pdfResponse(await yearPdf(db, { patientId: user.id, year: year.data, language: requestedLanguage(ctx.request), locale: ctx.locale }));
});
