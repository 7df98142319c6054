import { z } from 'zod';
import { CHART_PRIVACY, CHART_TEMPLATES, GOAL_STATUSES, MAX_CHART_ITEMS, MAX_CHART_LINE, MAX_CHART_TEXT, WEIGHT_UNITS, type ChartPrivacy, type ChartTemplate } from './chartValues';
import { idSchema } from './ids';

/**
 * The clinical record (issue #40): what a chart entry holds and the calls that change it. Field
 * errors are keys of the Validation namespace. The templates and privacy choices are the same as
 * the table's CHECKs (lib/server/db/schema/chart.ts), which this pure module may not import.
 */

export type { ChartPrivacy, ChartTemplate } from './chartValues';

const text = (max: number) => z.string({ error: 'required' }).max(max, { error: 'tooLong' });
const measure = (min: number, max: number) =>
  z
    .number({ error: 'numberInvalid' })
    .min(min, { error: 'numberRange' })
    .max(max, { error: 'numberRange' })
    .nullable();

/** A nutrition diagnosis as a PES statement: problem, related to etiology, as evidenced by signs and symptoms. */
export const pesSchema = z.strictObject({
  problem: text(MAX_CHART_LINE),
  etiology: text(MAX_CHART_LINE),
  signs: text(MAX_CHART_LINE),
});
export type PesStatement = z.output<typeof pesSchema>;

export const goalSchema = z.strictObject({
  goal: text(MAX_CHART_LINE),
  target: text(MAX_CHART_LINE),
  status: z.enum(GOAL_STATUSES, { error: 'choiceInvalid' }),
});
export type ChartGoal = z.output<typeof goalSchema>;

/**
 * An entry's fields. Every template keeps the same shape and shows the fields it uses: ADIME
 * (assessment, diagnoses, intervention, monitoring), follow-up and group (note), free note
 * (subject, note). Weight is stored in kilograms whatever unit it was typed in (`weight_unit`
 * remembers which, to show it back); height and waist in centimetres.
 */
export const chartContentSchema = z.strictObject({
  subject: text(MAX_CHART_LINE),
  weight_kg: measure(1, 700),
  weight_unit: z.enum(WEIGHT_UNITS, { error: 'choiceInvalid' }),
  height_cm: measure(30, 260),
  waist_cm: measure(20, 300),
  assessment: text(MAX_CHART_TEXT),
  diagnoses: z.array(pesSchema).max(MAX_CHART_ITEMS, { error: 'tooMany' }),
  intervention: text(MAX_CHART_TEXT),
  monitoring: text(MAX_CHART_TEXT),
  goals: z.array(goalSchema).max(MAX_CHART_ITEMS, { error: 'tooMany' }),
  note: text(MAX_CHART_TEXT),
});
export type ChartContent = z.output<typeof chartContentSchema>;

export function emptyChartContent(): ChartContent {
  return {
    subject: '',
    weight_kg: null,
    weight_unit: 'kg',
    height_cm: null,
    waist_cm: null,
    assessment: '',
    diagnoses: [],
    intervention: '',
    monitoring: '',
    goals: [],
    note: '',
  };
}

/** Body mass index from kilograms and centimetres, to one decimal; null without both. */
export function bodyMassIndex(weightKg: number | null, heightCm: number | null): number | null {
  if (weightKg === null || heightCm === null) return null;
  const metres = heightCm / 100;
  return Math.round((weightKg / (metres * metres)) * 10) / 10;
}

/** POST /api/clinic/patients/<id>/chart: a new draft, for a visit or seat of the patient, or on its own. */
export const newChartEntrySchema = z
  .strictObject({
    appointment_id: idSchema('chartVisitInvalid').optional(),
    template: z.enum(CHART_TEMPLATES, { error: 'choiceInvalid' }).optional(),
    /** For an entry on its own: when the call or letter happened (ISO instant); now when absent. */
    occurred_at: z.iso.datetime({ offset: true, error: 'chartDateInvalid' }).optional(),
  })
  .refine((body) => body.appointment_id !== undefined || body.template !== undefined, { path: ['template'], message: 'required' });
export type NewChartEntry = z.output<typeof newChartEntrySchema>;

/** PUT /api/clinic/chart-entries/<id>: the draft's fields, saved over `version` (409 when another save came first). */
export const saveChartEntrySchema = z.strictObject({
  version: z.int32({ error: 'required' }).positive({ error: 'required' }),
  privacy: z.enum(CHART_PRIVACY, { error: 'choiceInvalid' }),
  content: chartContentSchema,
});
export type SaveChartEntry = z.output<typeof saveChartEntrySchema>;

/** POST …/sign: signs the version the author read. */
export const signChartEntrySchema = z.strictObject({
  version: z.int32({ error: 'required' }).positive({ error: 'required' }),
});

const reason = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(MAX_CHART_LINE, { error: 'tooLong' });
const paragraph = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(MAX_CHART_TEXT, { error: 'tooLong' });

/** POST …/addenda: a correction under a signed entry. */
export const chartAddendumSchema = z.strictObject({ reason, text: paragraph });
export type ChartAddendumInput = z.output<typeof chartAddendumSchema>;

/** POST …/entered-in-error: strikes a signed entry, with why. */
export const chartErrorSchema = z.strictObject({ reason });

/** PUT …/sharing: whether the patient sees the signed entry on their profile. */
export const chartSharingSchema = z.strictObject({ shared: z.boolean({ error: 'required' }) });

/** GET …/chart-pdf?language=: the document's language, chosen by the clinic. */
export const chartPdfQuerySchema = z.strictObject({ language: z.enum(['en', 'fr'], { error: 'choiceInvalid' }) });

/**
 * Closing a correction request with the chart (PHIPA s. 55): the correction made as an addendum
 * to one of the patient's signed entries, or, when refused, the patient's statement of
 * disagreement attached to one.
 */
export const recordsCorrectionSchema = z.strictObject({
  entry_id: z.uuid({ error: 'chartEntryRequired' }),
  text: paragraph,
});

/* Answers, shared by the route handlers (lib/server/chart) and the pages (lib/api/chart.ts). */

/** Signed more than this long after the care it records: shown as a late entry, with both dates. */
export const LATE_ENTRY_HOURS = 24;

export interface ChartAddendumView {
  kind: 'correction' | 'disagreement';
  author: string;
  /** ISO instant. */
  created_at: string;
  reason: string;
  text: string;
}

export interface ChartEntryView {
  /** The public id (a UUID): the address of …/chart-entries/<id>. */
  id: string;
  patient_id: number;
  template: ChartTemplate;
  privacy: ChartPrivacy;
  version: number;
  /** The visit or seat it records, if any. */
  visit: { id: number; service: string; group: boolean } | null;
  /** ISO instants. */
  occurred_at: string;
  updated_at: string;
  author: { id: number; name: string };
  signed_at: string | null;
  content_hash: string | null;
  /** Signed more than LATE_ENTRY_HOURS after the care. */
  late: boolean;
  shared_at: string | null;
  error: { at: string; by: string; reason: string } | null;
  content: ChartContent;
  /** From this entry's weight and its height, or the latest height charted before it. */
  bmi: number | null;
  addenda: ChartAddendumView[];
  /** What the reader may do with it. */
  can: { edit: boolean; amend: boolean; strike: boolean; share: boolean };
}

export interface ChartProgressPoint {
  /** ISO instant of the entry. */
  at: string;
  weight_kg: number;
  bmi: number | null;
}

export interface ChartView {
  patient: { id: number; name: string; closed: boolean };
  /** Newest first; entries in error included (the full chart), private ones of others left out. */
  entries: ChartEntryView[];
  /** Entries of other authors narrowed to themselves and the administrators. */
  private_count: number;
  /** Signed weights in time order, and the chart of them as SVG (drawn by the server). */
  progress: { points: ChartProgressPoint[]; svg: string | null };
  /** The reader's past visits and seats with the patient that have no entry yet. */
  unnoted_visits: { id: number; starts_at: string; service: string }[];
}

/** The patient's own view: signed entries their dietitian shared, with their addenda. */
export interface SharedChartEntryView {
  id: string;
  template: ChartTemplate;
  occurred_at: string;
  signed_at: string;
  author: string;
  content: ChartContent;
  bmi: number | null;
  addenda: ChartAddendumView[];
}
