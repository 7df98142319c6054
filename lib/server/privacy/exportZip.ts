import 'server-only';
import { Zip, ZipDeflate } from 'fflate';
import type { Locale } from '@/lib/i18n/routing';
import { dataExportJsonSchema } from '@/lib/schemas/dataExport';
import type { Database } from '@/lib/server/db/client';
import { toPrintable } from '@/lib/server/receipts/mail';
import { renderReceiptsPdf } from '@/lib/server/receipts/pdf';
import { recordAudit, type RecordSubject } from './audit';
import { collectExport, type CollectedExport } from './collect';
import { renderSummaryHtml } from './summary';

/**
 * A person's export as a ZIP (issue #30): data.json, data.schema.json, summary.html in their
 * language, and each receipt as a PDF under receipts/. Made on request and streamed as it is
 * compressed: nothing is written to disk, and no more than one receipt's PDF is held at a time.
 */

const encoder = new TextEncoder();

/** The archive's files, each deflated and sent as soon as it is ready. */
export function exportZipStream(collected: CollectedExport, summaryHtml: string): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      const add = (name: string, bytes: Uint8Array) => {
        const file = new ZipDeflate(name, { level: 6 });
        zip.add(file);
        file.push(bytes, true);
      };
      try {
        add('data.json', encoder.encode(`${JSON.stringify(collected.data, null, 2)}\n`));
        add('data.schema.json', encoder.encode(`${JSON.stringify(dataExportJsonSchema(), null, 2)}\n`));
        add('summary.html', encoder.encode(summaryHtml));
        for (const { receipt, replacedBy, file } of collected.receipts) {
          add(file, await renderReceiptsPdf([toPrintable(receipt, replacedBy)]));
        }
        zip.end();
      } catch (error) {
        zip.terminate();
        controller.error(error);
      }
    },
  });
}

/** The download's file name: my-data-2026-11-26.zip, mes-donnees-2026-11-26.zip. */
export function exportFileName(locale: Locale, now: Date): string {
  return `${locale === 'fr' ? 'mes-donnees' : 'my-data'}-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * The export of `subject` as a download, audited before the first byte is sent: who asked (an
 * employee, the person themselves, or null for a guest's e-mailed link) and how much it held.
 */
export async function exportResponse(
  db: Database,
  subject: RecordSubject,
  options: { locale: Locale; actorUserId: number | null; via: 'profile' | 'email_link' | 'clinic'; now?: Date },
): Promise<Response> {
  const now = options.now ?? new Date();
  const collected = await collectExport(db, subject, { locale: options.locale, now });
  const summary = await renderSummaryHtml(collected.data, options.locale);
  await recordAudit(db, {
    action: 'data_export',
    actorUserId: options.actorUserId,
    subject,
    detail: {
      via: options.via,
      appointments: collected.data.appointments.length,
      intake_forms: collected.data.intake_submissions.length,
      receipts: collected.receipts.length,
    },
  });
  return new Response(exportZipStream(collected, summary), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${exportFileName(options.locale, now)}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
