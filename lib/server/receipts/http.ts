import 'server-only';
import { receiptLanguageSchema } from '@/lib/schemas/payments';
import { ok } from '@/lib/server/http/respond';
import type { ReceiptFile } from './access';

/** Receipts name a person and what they paid: never kept by a shared cache, nor by the browser's. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** A JSON answer of the receipts' routes. */
export function privateOk(payload: Record<string, unknown>): Response {
  const response = ok(payload);
  response.headers.set('Cache-Control', PRIVATE_NO_STORE);
  return response;
}

function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`;
}

/** A receipt's (or a year's) PDF, as a download. */
export function pdfResponse(file: ReceiptFile): Response {
  return new Response(Buffer.from(file.bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': attachment(file.fileName),
      'Cache-Control': PRIVATE_NO_STORE,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

export function csvResponse(text: string, fileName: string): Response {
  return new Response(text, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachment(fileName),
      'Cache-Control': PRIVATE_NO_STORE,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** ?lang=en|fr: a receipt in the other language; anything else is ignored (its own language). */
export function requestedLanguage(request: Request): 'en' | 'fr' | undefined {
  const parsed = receiptLanguageSchema.safeParse(new URL(request.url).searchParams.get('lang') ?? undefined);
  return parsed.success ? parsed.data : undefined;
}
