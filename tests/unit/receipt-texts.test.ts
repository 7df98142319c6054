import { describe, expect, it } from 'vitest';
import { sampleReceipt } from '@/bench/support/receiptSample';
import { renderReceiptsPdf } from '@/lib/server/receipts/pdf';
import { receiptTexts } from '@/lib/server/receipts/texts';
import { pdfText } from '@/tests/integration/support/pdf';

/**
 * What insurers ask of a receipt (issue #27 item 8): the visit's length, "Paid in full" when
 * nothing is left to pay, and the French number sign written with the ordinal indicator (nº), not
 * the degree sign. Checked on the words themselves and on a PDF read back with poppler's pdftotext.
 */

/** Every string a receipt's texts hold, and what its sentences give for sample values. */
function allTexts(language: 'en' | 'fr'): string[] {
  const t = receiptTexts(language);
  const found: string[] = [];
  for (const value of Object.values(t)) {
    if (typeof value === 'string') found.push(value);
    else if (value && typeof value === 'object') found.push(...Object.values(value as Record<string, string>));
  }
  const date = t.shortDate('2026-11-24');
  return [...found, t.registration('14237'), t.paid('Card', date), t.refunded('Card', date), t.voided(date), t.replacedBy('R-2026-000124'), t.minutes(50)];
}

describe('the receipt’s words', () => {
  it('write the French number sign with the ordinal indicator, never the degree sign', () => {
    const fr = receiptTexts('fr');
    expect(fr.number).toBe('Nº de reçu');
    expect(fr.hstNumber).toBe('Nº d’inscription à la TVH\u00a0:');
    expect(fr.registration('14237')).toBe('Nº d’inscription à l’Ordre des diététistes de l’Ontario\u00a0: 14237');
    for (const language of ['en', 'fr'] as const) {
      for (const text of allTexts(language)) expect(text, text).not.toContain('°');
    }
  });

  it('name the visit’s length in minutes, and say "Paid in full" in both languages', () => {
    const en = receiptTexts('en');
    const fr = receiptTexts('fr');
    expect([en.duration, en.minutes(50)]).toEqual(['Length of visit', '50\u00a0minutes']);
    expect([fr.duration, fr.minutes(50)]).toEqual(['Durée de la consultation', '50\u00a0minutes']);
    expect(fr.minutes(1)).toBe('1\u00a0minute');
    expect(en.paidInFull).toBe('Paid in full');
    expect(fr.paidInFull).toBe('Payé en entier');
    expect(fr.visitCancelled).toBe('Rendez-vous annulé\u00a0: aucun montant n’est dû.');
  });
});

describe('the receipt’s PDF', () => {
  it('prints the length and "Payé en entier" on a receipt that leaves nothing to pay, and nº', async () => {
    const fr = pdfText(await renderReceiptsPdf([sampleReceipt()]));
    for (const field of ['Durée de la consultation', '50 minutes', 'Payé en entier', 'Nº de reçu R-2026-000123', 'Nº d’inscription à l’Ordre']) {
      expect(fr, field).toContain(field);
    }
    expect(fr).not.toContain('°');
    const en = pdfText(await renderReceiptsPdf([sampleReceipt({ language: 'en' })]));
    for (const field of ['Length of visit', '50 minutes', 'Paid in full']) expect(en, field).toContain(field);
  });

  it('says nothing of "paid in full" while a balance is left, nor a length a receipt was issued without', async () => {
    const partial = sampleReceipt({ paidCents: 5000, paidToDateCents: 5000, balanceCents: 8500 });
    const { durationMinutes: _left, ...older } = partial.content;
    const text = pdfText(await renderReceiptsPdf([{ ...partial, content: older }]));
    expect(text).toContain('85,00 $');
    expect(text).not.toContain('Payé en entier');
    expect(text).not.toContain('Durée');
  });

  it('prints a cancelled visit’s refund as owing nothing, with what is still to give back', async () => {
    const content = { ...sampleReceipt().content, visitCancelled: true, refundReason: 'Rendez-vous annulé' };
    const part = sampleReceipt({ content, paidCents: -5000, paidToDateCents: 8500, balanceCents: 5000, language: 'en' });
    const partText = pdfText(await renderReceiptsPdf([part]));
    for (const field of ['Amount refunded (Card', '-$50.00', 'Still to be refunded', '$85.00', 'Visit cancelled: nothing is owed for it.']) {
      expect(partText, field).toContain(field);
    }
    expect(partText).not.toContain('Paid in full');
    const all = sampleReceipt({ content, paidCents: -13500, paidToDateCents: 0, balanceCents: 13500 });
    const allText = pdfText(await renderReceiptsPdf([all]));
    expect(allText).toContain('Rendez-vous annulé : aucun montant n’est dû.');
    expect(allText).toMatch(/Solde\s+0,00 \$/);
    expect(allText).not.toContain('Reste à rembourser');
  });
});
