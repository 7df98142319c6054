import { describe, expect, it } from 'vitest';
import { renderReceiptsPdf } from '@/lib/server/receipts/pdf';
import { sampleReceipt } from '../../bench/support/receiptSample';
import { pdfText } from './support/pdf';

/**
 * A file of its own: the receipts' fonts are loaded once per process, and what this checks
 * depends on what the process printed first.
 */
describe('the text layer of one receipt after another', () => {
  it('keeps every letter a reader or a search finds, whatever the process printed before', async () => {
    // A French receipt with tax draws É (Équilibre) but no plain E in its regular font; its subset
    // makes the E inside É. The next receipt's « Exonéré de TVH » lost its E from the text layer
    // while the fonts were shared between documents.
    const exempt = sampleReceipt();
    const taxed = { ...exempt, taxCents: 1755, totalCents: 15255, content: { ...exempt.content, clinic: { ...exempt.content.clinic, hstNumber: '123456789RT0001' } } };
    expect(pdfText(await renderReceiptsPdf([taxed]))).toContain('TVH (13 %)');
    expect(pdfText(await renderReceiptsPdf([exempt]))).toContain('Exonéré de TVH');
    expect(pdfText(await renderReceiptsPdf([exempt], { language: 'en' }))).toContain('Équilibre Nutrition');
  });
});
