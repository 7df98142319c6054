import 'server-only';
import { PDFDocument, rgb } from 'pdf-lib';
import type { ReceiptContent } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { receiptTexts, type ReceiptLanguage } from './texts';
import { paintSheets, Sheet, type Weight } from './typeset';

/**
 * Receipts as PDF (issue #20), with pdf-lib: Letter pages, real text in embedded fonts (Noto
 * Sans's Latin, Latin Extended, Vietnamese, Greek and Cyrillic subsets, each embedded only when
 * used and subset to the characters used, so every name is text that can be selected and
 * searched: typeset.ts), one page per receipt. A year's receipts are one document of several pages.
 * A character no font has refuses the whole document (422 receipt_unprintable): a receipt never
 * prints with a letter missing.
 */

/** What one page prints: the receipt row's amounts and snapshot, and its void if any. */
export interface PrintableReceipt {
  number: string;
  issuedAt: Date;
  /** The receipt's own language (the visit's); a caller may ask for the other. */
  language: ReceiptLanguage;
  content: ReceiptContent;
  feeCents: number;
  taxCents: number;
  totalCents: number;
  paidCents: number;
  /** Every payment of the visit up to and including this one. */
  paidToDateCents: number;
  balanceCents: number;
  voided: { at: Date; reason: string } | null;
  /** The number of the receipt that replaced this one, when voided by a correction. */
  replacedBy: string | null;
}

const LETTER: [number, number] = [612, 792];
const MARGIN = 54;
const RIGHT = LETTER[0] - MARGIN;
const INK = rgb(0.13, 0.16, 0.2);
const MUTED = rgb(0.36, 0.4, 0.45);
const ACCENT = rgb(0.09, 0.4, 0.33);
const RULE = rgb(0.8, 0.83, 0.86);
const VOID_RED = rgb(0.7, 0.1, 0.1);

type Color = ReturnType<typeof rgb>;

/** Writes text left-aligned at (x, y), or right-aligned so that it ends at x. */
function write(page: Sheet, text: string, x: number, y: number, weight: Weight, size: number, options: { color?: Color; align?: 'left' | 'right' } = {}) {
  page.text(text, x, y, { weight, size, color: options.color ?? INK, align: options.align });
}

/** Splits text into lines no wider than `width`. */
function wrap(page: Sheet, text: string, weight: Weight, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && page.width(candidate, weight, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

function drawReceipt(page: Sheet, receipt: PrintableReceipt, language: ReceiptLanguage) {
  const t = receiptTexts(language);
  const c = receipt.content;
  let y = LETTER[1] - MARGIN - 8;

  // The clinic, left; the title, number and date, right.
  write(page, c.clinic.name, MARGIN, y, 'bold', 20, { color: ACCENT });
  write(page, t.title, RIGHT, y, 'bold', 20, { align: 'right' });
  y -= 20;
  const clinicLines = [...(c.clinic.address?.[language] ?? c.clinic.addressLines), `${t.phone} ${c.clinic.phone}`, c.clinic.email];
  const rightLines: Array<[string, string]> = [
    [t.number, receipt.number],
    [t.date, t.longDate(receipt.issuedAt)],
  ];
  for (let i = 0; i < Math.max(clinicLines.length, rightLines.length); i += 1) {
    if (clinicLines[i]) write(page, clinicLines[i]!, MARGIN, y, 'regular', 10, { color: MUTED });
    const pair = rightLines[i];
    if (pair) {
      write(page, pair[1], RIGHT, y, 'bold', 10, { align: 'right' });
      write(page, pair[0], RIGHT - page.width(pair[1], 'bold', 10) - 6, y, 'regular', 10, { color: MUTED, align: 'right' });
    }
    y -= 14;
  }
  if (c.clinic.hstNumber && receipt.taxCents > 0) {
    write(page, `${t.hstNumber} ${c.clinic.hstNumber}`, MARGIN, y, 'regular', 10, { color: MUTED });
    y -= 14;
  }

  if (receipt.voided) {
    y -= 8;
    const lines = wrap(page, `${t.voided(t.longDate(receipt.voided.at))} ${t.voidReason} ${receipt.voided.reason}`, 'regular', 10, RIGHT - MARGIN - 24);
    if (receipt.replacedBy) lines.push(t.replacedBy(receipt.replacedBy));
    const height = 24 + lines.length * 14;
    page.rectangle({ x: MARGIN, y: y - height + 12, width: RIGHT - MARGIN, height, borderColor: VOID_RED, borderWidth: 1.5 });
    write(page, t.voidBanner, MARGIN + 12, y - 6, 'bold', 12, { color: VOID_RED });
    y -= 22;
    for (const line of lines) {
      write(page, line, MARGIN + 12, y, 'regular', 10, { color: VOID_RED });
      y -= 14;
    }
    y -= 6;
  }

  // Who and what.
  y -= 14;
  page.line({ start: { x: MARGIN, y }, end: { x: RIGHT, y }, thickness: 0.75, color: RULE });
  y -= 22;
  const VALUE_X = MARGIN + 130;
  const facts: Array<[string, string, string?]> = [
    [t.patient, c.patientName],
    [t.service, language === 'fr' ? c.service.fr : c.service.en],
    [t.serviceDate, t.longDateTime(new Date(c.serviceDate))],
    ...(c.durationMinutes ? [[t.duration, t.minutes(c.durationMinutes)] as [string, string]] : []),
    [t.dietitian, `${c.dietitian.name}, ${t.credential}`, t.registration(c.dietitian.registrationNumber)],
  ];
  for (const [label, value, note] of facts) {
    write(page, label, MARGIN, y, 'regular', 10, { color: MUTED });
    for (const line of wrap(page, value, 'bold', 11, RIGHT - VALUE_X)) {
      write(page, line, VALUE_X, y, 'bold', 11);
      y -= 16;
    }
    for (const line of note ? wrap(page, note, 'regular', 10, RIGHT - VALUE_X) : []) {
      write(page, line, VALUE_X, y, 'regular', 10);
      y -= 14;
    }
    y -= 4;
  }

  // The amounts.
  y -= 8;
  page.line({ start: { x: MARGIN, y }, end: { x: RIGHT, y }, thickness: 0.75, color: RULE });
  y -= 22;
  const refund = receipt.paidCents < 0;
  const rows: Array<[string, string, boolean?]> = [
    [t.fee, t.money(receipt.feeCents)],
    receipt.taxCents > 0 ? [t.hst, t.money(receipt.taxCents)] : [t.hstExempt, t.money(0)],
    [t.total, t.money(receipt.totalCents), true],
    [refund ? t.refunded(t.method[c.method], t.shortDate(c.paidOn)) : t.paid(t.method[c.method], t.shortDate(c.paidOn)), t.money(receipt.paidCents), true],
    // A cancelled visit owes nothing: what is left is what the clinic still has to give back.
    c.visitCancelled && receipt.paidToDateCents > 0
      ? [t.refundOutstanding, t.money(receipt.paidToDateCents), true]
      : [t.balance, t.money(c.visitCancelled ? 0 : receipt.balanceCents), true],
  ];
  for (const [label, value, strong] of rows) {
    const font = strong ? 'bold' : 'regular';
    write(page, label, MARGIN, y, font, 11);
    write(page, value, RIGHT, y, font, 11, { align: 'right' });
    y -= 20;
  }
  if (c.visitCancelled) {
    write(page, t.visitCancelled, MARGIN, y, 'bold', 11, { color: ACCENT });
    y -= 20;
  } else if (receipt.balanceCents === 0) {
    write(page, t.paidInFull, MARGIN, y, 'bold', 11, { color: ACCENT });
    y -= 20;
  }
  if (refund && c.refundReason) {
    for (const line of wrap(page, `${t.refundReason} ${c.refundReason}`, 'regular', 10, RIGHT - MARGIN)) {
      write(page, line, MARGIN, y, 'regular', 10, { color: MUTED });
      y -= 14;
    }
  }

  // The footer.
  const footer = wrap(page, t.footer, 'regular', 9, RIGHT - MARGIN);
  let fy = MARGIN + footer.length * 12;
  page.line({ start: { x: MARGIN, y: fy + 6 }, end: { x: RIGHT, y: fy + 6 }, thickness: 0.75, color: RULE });
  for (const line of footer) {
    fy -= 12;
    write(page, line, MARGIN, fy, 'regular', 9, { color: MUTED });
  }
}

/**
 * One PDF with a page per receipt, each in `language` or, without it, in its own language.
 * The document's title is the first receipt's number (or the caller's title).
 */
export async function renderReceiptsPdf(list: PrintableReceipt[], options: { language?: ReceiptLanguage; title?: string } = {}): Promise<Uint8Array> {
  const missing = new Set<string>();
  const sheets = list.map((receipt) => {
    const sheet = new Sheet(missing);
    drawReceipt(sheet, receipt, options.language ?? receipt.language);
    return sheet;
  });
  if (missing.size > 0) throw unprintable(list, missing);
  const doc = await PDFDocument.create();
  const first = list[0];
  const language = options.language ?? first?.language ?? 'en';
  doc.setTitle(options.title ?? (first ? `${receiptTexts(language).title} ${first.number}` : receiptTexts(language).title));
  doc.setAuthor(first?.content.clinic.name ?? '');
  doc.setLanguage(language === 'fr' ? 'fr-CA' : 'en-CA');
  doc.setCreator(first?.content.clinic.name ?? '');
  doc.setProducer('pdf-lib');
  await paintSheets(doc, sheets, LETTER);
  return doc.save();
}

/** A receipt number of the real one's shape, for laying out a receipt before its number is taken. */
export const PLACEHOLDER_NUMBER = 'R-0000-000000';

/**
 * Lays a receipt out, without making the PDF, and refuses it as renderReceiptsPdf would when one
 * of its characters has no font (issueReceipt.ts asks before taking a receipt number).
 */
export function assertPrintable(receipt: PrintableReceipt, messageKey: 'receiptUnprintable' | 'receiptVoidReasonUnprintable' = 'receiptUnprintable'): void {
  const missing = new Set<string>();
  drawReceipt(new Sheet(missing), receipt, receipt.language);
  if (missing.size > 0) throw unprintable([receipt], missing, messageKey);
}

/**
 * A receipt with a character none of its fonts has is not made: the clinic is told which
 * character (422, in the request's language), the log only how many and on which receipts.
 */
function unprintable(list: PrintableReceipt[], missing: Set<string>, messageKey = 'receiptUnprintable'): AppError {
  const numbers = list.map((receipt) => receipt.number).join(', ');
  console.warn(`[receipts] ${numbers}: not printed, ${missing.size} character(s) without a glyph in the receipt fonts`);
  const characters = [...missing].map((char) => `${char} (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ');
  return new AppError('receipt_unprintable', 422, messageKey, { values: { characters } });
}
