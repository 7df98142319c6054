import 'server-only';
import { receiptEmail } from '@/lib/server/email/templates/receipt';
import { queueEmail } from '@/lib/server/email/queue';
import type { Database } from '@/lib/server/db/client';
import type { Receipt } from '@/lib/server/db/schema';
import { renderReceiptsPdf, type PrintableReceipt } from './pdf';
import { receiptTexts } from './texts';

/** A receipt row as the PDF prints it; `replacedBy` is the number of its replacement, if voided by a correction. */
export function toPrintable(receipt: Receipt, replacedBy: string | null = null): PrintableReceipt {
  return {
    number: receipt.number,
    issuedAt: receipt.issuedAt,
    language: receipt.language,
    content: receipt.content,
    feeCents: receipt.feeCents,
    taxCents: receipt.taxCents,
    totalCents: receipt.totalCents,
    paidCents: receipt.paidCents,
    paidToDateCents: receipt.paidToDateCents,
    balanceCents: receipt.balanceCents,
    voided: receipt.voidedAt ? { at: receipt.voidedAt, reason: receipt.voidReason ?? '' } : null,
    replacedBy,
  };
}

/**
 * Queues the e-mail that carries a new receipt as a PDF attachment, in the receipt's language,
 * in the caller's transaction (the outbox of issue #15): the receipt and its e-mail are written
 * together or not at all.
 */
export async function queueReceiptEmail(
  tx: Database,
  input: { receipt: Receipt; to: string; firstName?: string; isGuest: boolean; correction: boolean },
): Promise<void> {
  const { receipt } = input;
  const language = receipt.language;
  const t = receiptTexts(language);
  const pdf = await renderReceiptsPdf([toPrintable(receipt)]);
  const content = receiptEmail({
    language,
    firstName: input.firstName,
    number: receipt.number,
    serviceName: receipt.content.service[language],
    serviceDate: t.longDate(new Date(receipt.content.serviceDate)),
    isGuest: input.isGuest,
    correction: input.correction,
  });
  await queueEmail(tx, {
    purpose: input.correction ? 'receipt reissued' : 'receipt issued',
    message: {
      to: input.to,
      language,
      ...content,
      attachments: [{ filename: t.fileName(receipt.number), contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64'), encoding: 'base64' }],
    },
  });
}
