import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ReceiptContent } from '@/lib/server/db/schema';
import { receiptTexts, type ReceiptLanguage } from './texts';

/**
 * Receipts as PDF (issue #20), with pdf-lib: Letter pages, real text in an embedded font (Noto
 * Sans, subset to the characters used, so accents are text that can be selected and searched),
 * one page per receipt. A year's receipts are one document of several pages.
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
  balanceCents: number;
  voided: { at: Date; reason: string } | null;
  /** The number of the receipt that replaced this one, when voided by a correction. */
  replacedBy: string | null;
}

// Fontsource's Latin files cover Latin-1, œ, the typographic quotes, dashes and no-break spaces.
const FONT_DIR = path.join(process.cwd(), 'node_modules', '@fontsource', 'noto-sans', 'files');
let fontFiles: { regular: Buffer; bold: Buffer } | undefined;
function fonts() {
  fontFiles ??= {
    regular: readFileSync(path.join(FONT_DIR, 'noto-sans-latin-400-normal.woff')),
    bold: readFileSync(path.join(FONT_DIR, 'noto-sans-latin-700-normal.woff')),
  };
  return fontFiles;
}

/**
 * fontkit, with each font file parsed (and its WOFF tables inflated) once per process instead of
 * once per PDF: two thirds of a receipt's time went there. A parsed font is only read afterwards
 * (each PDF makes its own subset of it), so sharing it between documents is safe.
 */
const parsed = new Map<Uint8Array, ReturnType<typeof fontkit.create>>();
const cachedFontkit: typeof fontkit = {
  ...fontkit,
  create: (buffer: Uint8Array, postscriptName?: string) => {
    let font = parsed.get(buffer);
    if (!font) {
      font = fontkit.create(buffer, postscriptName);
      parsed.set(buffer, font);
    }
    return font;
  },
};

const LETTER: [number, number] = [612, 792];
const MARGIN = 54;
const RIGHT = LETTER[0] - MARGIN;
const INK = rgb(0.13, 0.16, 0.2);
const MUTED = rgb(0.36, 0.4, 0.45);
const ACCENT = rgb(0.09, 0.4, 0.33);
const RULE = rgb(0.8, 0.83, 0.86);
const VOID_RED = rgb(0.7, 0.1, 0.1);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Writes text left-aligned at (x, y), or right-aligned so that it ends at x. */
function write(page: PDFPage, text: string, x: number, y: number, font: PDFFont, size: number, options: { color?: ReturnType<typeof rgb>; align?: 'left' | 'right' } = {}) {
  const left = options.align === 'right' ? x - font.widthOfTextAtSize(text, size) : x;
  page.drawText(text, { x: left, y, font, size, color: options.color ?? INK });
}

/** Splits text into lines no wider than `width`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

function drawReceipt(page: PDFPage, receipt: PrintableReceipt, language: ReceiptLanguage, f: Fonts) {
  const t = receiptTexts(language);
  const c = receipt.content;
  let y = LETTER[1] - MARGIN - 8;

  // The clinic, left; the title, number and date, right.
  write(page, c.clinic.name, MARGIN, y, f.bold, 20, { color: ACCENT });
  write(page, t.title, RIGHT, y, f.bold, 20, { align: 'right' });
  y -= 20;
  const clinicLines = [...c.clinic.addressLines, `${t.phone} ${c.clinic.phone}`, c.clinic.email];
  const rightLines: Array<[string, string]> = [
    [t.number, receipt.number],
    [t.date, t.longDate(receipt.issuedAt)],
  ];
  for (let i = 0; i < Math.max(clinicLines.length, rightLines.length); i += 1) {
    if (clinicLines[i]) write(page, clinicLines[i]!, MARGIN, y, f.regular, 10, { color: MUTED });
    const pair = rightLines[i];
    if (pair) {
      write(page, pair[1], RIGHT, y, f.bold, 10, { align: 'right' });
      write(page, pair[0], RIGHT - f.bold.widthOfTextAtSize(pair[1], 10) - 6, y, f.regular, 10, { color: MUTED, align: 'right' });
    }
    y -= 14;
  }
  if (c.clinic.hstNumber && receipt.taxCents > 0) {
    write(page, `${t.hstNumber} ${c.clinic.hstNumber}`, MARGIN, y, f.regular, 10, { color: MUTED });
    y -= 14;
  }

  if (receipt.voided) {
    y -= 8;
    const lines = wrap(`${t.voided(t.longDate(receipt.voided.at))} ${t.voidReason} ${receipt.voided.reason}`, f.regular, 10, RIGHT - MARGIN - 24);
    if (receipt.replacedBy) lines.push(t.replacedBy(receipt.replacedBy));
    const height = 24 + lines.length * 14;
    page.drawRectangle({ x: MARGIN, y: y - height + 12, width: RIGHT - MARGIN, height, borderColor: VOID_RED, borderWidth: 1.5 });
    write(page, t.voidBanner, MARGIN + 12, y - 6, f.bold, 12, { color: VOID_RED });
    y -= 22;
    for (const line of lines) {
      write(page, line, MARGIN + 12, y, f.regular, 10, { color: VOID_RED });
      y -= 14;
    }
    y -= 6;
  }

  // Who and what.
  y -= 14;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: RIGHT, y }, thickness: 0.75, color: RULE });
  y -= 22;
  const VALUE_X = MARGIN + 130;
  const facts: Array<[string, string, string?]> = [
    [t.patient, c.patientName],
    [t.service, language === 'fr' ? c.service.fr : c.service.en],
    [t.serviceDate, t.longDateTime(new Date(c.serviceDate))],
    [t.dietitian, `${c.dietitian.name}, ${t.credential}`, t.registration(c.dietitian.registrationNumber)],
  ];
  for (const [label, value, note] of facts) {
    write(page, label, MARGIN, y, f.regular, 10, { color: MUTED });
    for (const line of wrap(value, f.bold, 11, RIGHT - VALUE_X)) {
      write(page, line, VALUE_X, y, f.bold, 11);
      y -= 16;
    }
    for (const line of note ? wrap(note, f.regular, 10, RIGHT - VALUE_X) : []) {
      write(page, line, VALUE_X, y, f.regular, 10);
      y -= 14;
    }
    y -= 4;
  }

  // The amounts.
  y -= 8;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: RIGHT, y }, thickness: 0.75, color: RULE });
  y -= 22;
  const refund = receipt.paidCents < 0;
  const rows: Array<[string, string, boolean?]> = [
    [t.fee, t.money(receipt.feeCents)],
    receipt.taxCents > 0 ? [t.hst, t.money(receipt.taxCents)] : [t.hstExempt, t.money(0)],
    [t.total, t.money(receipt.totalCents), true],
    [refund ? t.refunded(t.method[c.method], t.shortDate(c.paidOn)) : t.paid(t.method[c.method], t.shortDate(c.paidOn)), t.money(receipt.paidCents), true],
    [t.balance, t.money(receipt.balanceCents), true],
  ];
  for (const [label, value, strong] of rows) {
    const font = strong ? f.bold : f.regular;
    write(page, label, MARGIN, y, font, 11);
    write(page, value, RIGHT, y, font, 11, { align: 'right' });
    y -= 20;
  }
  if (refund && c.refundReason) {
    for (const line of wrap(`${t.refundReason} ${c.refundReason}`, f.regular, 10, RIGHT - MARGIN)) {
      write(page, line, MARGIN, y, f.regular, 10, { color: MUTED });
      y -= 14;
    }
  }

  // The footer.
  const footer = wrap(t.footer, f.regular, 9, RIGHT - MARGIN);
  let fy = MARGIN + footer.length * 12;
  page.drawLine({ start: { x: MARGIN, y: fy + 6 }, end: { x: RIGHT, y: fy + 6 }, thickness: 0.75, color: RULE });
  for (const line of footer) {
    fy -= 12;
    write(page, line, MARGIN, fy, f.regular, 9, { color: MUTED });
  }
}

/**
 * One PDF with a page per receipt, each in `language` or, without it, in its own language.
 * The document's title is the first receipt's number (or the caller's title).
 */
export async function renderReceiptsPdf(list: PrintableReceipt[], options: { language?: ReceiptLanguage; title?: string } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(cachedFontkit);
  const files = fonts();
  const f: Fonts = { regular: await doc.embedFont(files.regular, { subset: true }), bold: await doc.embedFont(files.bold, { subset: true }) };
  const first = list[0];
  const language = options.language ?? first?.language ?? 'en';
  doc.setTitle(options.title ?? (first ? `${receiptTexts(language).title} ${first.number}` : receiptTexts(language).title));
  doc.setAuthor(first?.content.clinic.name ?? '');
  doc.setLanguage(language === 'fr' ? 'fr-CA' : 'en-CA');
  doc.setCreator(first?.content.clinic.name ?? '');
  doc.setProducer('pdf-lib');
  for (const receipt of list) drawReceipt(doc.addPage(LETTER), receipt, options.language ?? receipt.language, f);
  return doc.save();
}
