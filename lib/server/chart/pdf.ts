import 'server-only';
import { eq } from 'drizzle-orm';
import { PDFDocument, rgb } from 'pdf-lib';
import { createTranslator } from 'use-intl/core';
import { clinic } from '@/lib/clinic';
import { formatDate, formatDateTime } from '@/lib/format/dates';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import type { ChartContent } from '@/lib/schemas/chart';
import type { User } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/client';
import { chartEntries } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { paintSheets, Sheet, type Weight } from '@/lib/server/receipts/typeset';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { chartPatient, mayReadEntry, recordChartRead, requireCircleOfCare } from './access';
import { bmiByEntry, isLate, loadEntries, type LoadedEntry } from './views';

/**
 * The whole chart as a PDF (issue #40 item 6), for a records request or a referral: every entry the
 * reader may read, oldest first, with its author, signature and hash, late-entry and in-error marks,
 * and addenda, in the language the clinic chooses. Drafts are left out: they are not yet the record.
 * Laid out with the receipts' fonts (typeset.ts), so any name prints, or nothing does (422).
 */
const LETTER: [number, number] = [612, 792];
const MARGIN = 54;
const WIDTH = LETTER[0] - 2 * MARGIN;
const INK = rgb(0.13, 0.16, 0.2);
const MUTED = rgb(0.36, 0.4, 0.45);
const ACCENT = rgb(0.09, 0.4, 0.33);
const RULE = rgb(0.8, 0.83, 0.86);
const ALERT = rgb(0.7, 0.1, 0.1);
type Color = ReturnType<typeof rgb>;

/** Text laid out top to bottom over as many pages as it takes. */
class Flow {
  readonly sheets: Sheet[] = [];
  private sheet!: Sheet;
  private y = 0;

  constructor(private readonly missing: Set<string>) {
    this.newPage();
  }

  private newPage() {
    this.sheet = new Sheet(this.missing);
    this.sheets.push(this.sheet);
    this.y = LETTER[1] - MARGIN;
  }

  /** Room for `height` points before the footer, or a new page. */
  private room(height: number) {
    if (this.y - height < MARGIN + 24) this.newPage();
  }

  paragraph(text: string, options: { weight?: Weight; size?: number; color?: Color; indent?: number } = {}) {
    const { weight = 'regular', size = 10, color = INK, indent = 0 } = options;
    const leading = size * 1.4;
    for (const source of text.split('\n')) {
      for (const line of this.wrap(source, weight, size, WIDTH - indent)) {
        this.room(leading);
        this.y -= leading;
        this.sheet.text(line, MARGIN + indent, this.y, { weight, size, color });
      }
    }
  }

  gap(points: number) {
    this.y -= points;
  }

  rule() {
    this.room(12);
    this.y -= 8;
    this.sheet.line({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + WIDTH, y: this.y }, thickness: 0.75, color: RULE });
  }

  /** Widths of words already measured, by weight and size: a chart repeats its words, and measuring is the cost of the layout. */
  private readonly widths = new Map<string, number>();

  private widthOf(word: string, weight: Weight, size: number): number {
    const key = `${weight}|${size}|${word}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.sheet.width(word, weight, size);
      this.widths.set(key, width);
    }
    return width;
  }

  /** Lines no wider than `width`, measured a word at a time (a line's width is its words' and spaces'). */
  private wrap(text: string, weight: Weight, size: number, width: number): string[] {
    const space = this.widthOf(' ', weight, size);
    const lines: string[] = [];
    let line = '';
    let lineWidth = 0;
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const wordWidth = this.widthOf(word, weight, size);
      if (!line) {
        line = word;
        lineWidth = wordWidth;
      } else if (lineWidth + space + wordWidth > width) {
        lines.push(line);
        line = word;
        lineWidth = wordWidth;
      } else {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
      }
    }
    if (line || lines.length === 0) lines.push(line);
    return lines;
  }

  /** "Name — page 2 / 5" at the foot of every page, once the number of pages is known. */
  footers(label: (page: number, pages: number) => string) {
    this.sheets.forEach((sheet, i) => sheet.text(label(i + 1, this.sheets.length), MARGIN, MARGIN - 8, { weight: 'regular', size: 8, color: MUTED }));
  }
}

function textsOf(language: Locale) {
  return createTranslator({ locale: language, messages: language === 'fr' ? fr : en, namespace: 'Chart' });
}

type Texts = ReturnType<typeof textsOf>;

function drawContent(flow: Flow, t: Texts, entry: LoadedEntry, bmi: number | null, language: Locale) {
  const c: ChartContent = entry.content;
  const field = (label: string, value: string) => {
    if (!value.trim()) return;
    flow.paragraph(label, { weight: 'bold', size: 10 });
    flow.paragraph(value, { indent: 12 });
  };
  if (c.subject.trim()) field(t('fields.subject'), c.subject);
  const measures = [
    c.weight_kg !== null ? `${t('fields.weight')} ${formatNumber(c.weight_kg, language)} ${t('kg')}` : '',
    c.height_cm !== null ? `${t('fields.height')} ${formatNumber(c.height_cm, language)}` : '',
    c.waist_cm !== null ? `${t('fields.waist')} ${formatNumber(c.waist_cm, language)}` : '',
    bmi !== null ? t('bmiValue', { bmi: formatNumber(bmi, language), date: formatDate(entry.row.occurredAt, language, 'medium') }) : '',
  ].filter(Boolean);
  if (measures.length) field(t('fields.measurements'), measures.join(' · '));
  field(t('fields.assessment'), c.assessment);
  if (c.diagnoses.length) field(t('fields.diagnoses'), c.diagnoses.map((d) => t('pes', { problem: d.problem, etiology: d.etiology, signs: d.signs })).join('\n'));
  field(t('fields.intervention'), c.intervention);
  field(t('fields.monitoring'), c.monitoring);
  if (c.goals.length) {
    field(t('fields.goals'), c.goals.map((g) => `${g.goal}: ${t('fields.target')} ${g.target} (${t(`goalStatus.${g.status}`)})`).join('\n'));
  }
  field(t('fields.note'), c.note);
}

function formatNumber(value: number, language: Locale): string {
  return new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA', { maximumFractionDigits: 1 }).format(value);
}

function drawEntry(flow: Flow, t: Texts, entry: LoadedEntry, bmi: number | null, language: Locale) {
  const { row } = entry;
  const when = formatDateTime(row.occurredAt, language, 'long');
  const title = `${t(`templates.${row.template}`)} — ${entry.visit ? t('visitOf', { service: entry.visit.service, date: when }) : t('onItsOwn', { date: when })}`;
  flow.rule();
  flow.gap(4);
  flow.paragraph(title, { weight: 'bold', size: 12, color: ACCENT });
  flow.paragraph(t('byline', { author: entry.author.name }), { color: MUTED });
  if (isLate(row)) {
    flow.paragraph(t('late', { care: when, signed: formatDateTime(row.signedAt!, language, 'long') }), { weight: 'bold', color: ALERT });
  }
  if (row.errorAt) {
    flow.paragraph(t('struck', { date: formatDateTime(row.errorAt, language, 'long'), author: entry.struckBy ?? '', reason: row.errorReason ?? '' }), { weight: 'bold', color: ALERT });
  }
  flow.gap(4);
  drawContent(flow, t, entry, bmi, language);
  flow.gap(4);
  flow.paragraph(t('signedBy', { author: entry.author.name, date: formatDateTime(row.signedAt!, language, 'long') }), { weight: 'bold', size: 9 });
  flow.paragraph(t('hash', { hash: row.contentHash ?? '' }), { size: 8, color: MUTED });
  for (const addendum of entry.addenda) {
    flow.gap(6);
    flow.paragraph(t(`addendum.${addendum.kind}`, { author: addendum.author, date: formatDateTime(addendum.created_at, language, 'long') }), { weight: 'bold', indent: 12 });
    if (addendum.reason) flow.paragraph(t('addendumReason', { reason: addendum.reason }), { indent: 12, color: MUTED });
    flow.paragraph(addendum.text, { indent: 12 });
  }
}

export interface ChartFile {
  bytes: Uint8Array;
  fileName: string;
}

/** GET /api/clinic/patients/<id>/chart-pdf?language=: the chart's signed entries as one PDF; an audited read. */
export async function chartPdf(db: Database, input: { patientId: string; reader: Pick<User, 'id' | 'isAdmin'>; language: Locale }): Promise<ChartFile> {
  const { reader, language } = input;
  const patient = await chartPatient(db, input.patientId);
  await requireCircleOfCare(db, reader, patient.id);
  const all = await loadEntries(db, eq(chartEntries.patientId, patient.id), language);
  const bmi = bmiByEntry(all);
  const signed = all.filter((entry) => entry.row.signedAt !== null && mayReadEntry(reader, entry.row));
  await recordChartRead(db, { readerId: reader.id, patientId: patient.id, what: 'pdf' });

  const t = textsOf(language);
  const title = (language === 'fr' ? fr : en).Pages['profile-patients-id-chart'].title;
  const missing = new Set<string>();
  const flow = new Flow(missing);
  const name = fullName(patient);
  flow.paragraph(clinic.name, { weight: 'bold', size: 18, color: ACCENT });
  flow.paragraph(`${title} — ${name}`, { weight: 'bold', size: 14 });
  flow.paragraph(formatDateTime(new Date(), language, 'long'), { color: MUTED });
  if (signed.length === 0) flow.paragraph(t('empty'));
  for (const entry of signed) drawEntry(flow, t, entry, bmi.get(entry.row.id) ?? null, language);
  flow.footers((page, pages) => `${clinic.name} — ${name} — ${page} / ${pages}`);

  if (missing.size > 0) {
    console.warn(`[chart] patient:${patient.id}: no PDF, ${missing.size} character(s) without a glyph in the fonts`);
    const characters = [...missing].map((char) => `${char} (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ');
    throw new AppError('chart_unprintable', 422, 'chartUnprintable', { values: { characters } });
  }
  const doc = await PDFDocument.create();
  doc.setTitle(`${title} — ${name}`);
  doc.setAuthor(clinic.name);
  doc.setLanguage(language === 'fr' ? 'fr-CA' : 'en-CA');
  doc.setCreator(clinic.name);
  doc.setProducer('pdf-lib');
  await paintSheets(doc, flow.sheets, LETTER);
  const stamp = new Date().toISOString().slice(0, 10);
  return { bytes: await doc.save(), fileName: `chart-${patient.id}-${stamp}.pdf` };
}
