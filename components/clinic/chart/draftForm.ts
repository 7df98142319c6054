import type { ChartContent, ChartGoal, PesStatement } from '@/lib/schemas/chart';
import { KG_PER_LB, type ChartTemplate, type WeightUnit } from '@/lib/schemas/chartValues';

/**
 * The editor's values: an entry's fields with the measurements as typed (text, so "82," or an
 * empty box is kept as it is while typing), and how they become the entry's content.
 */
export interface DraftForm {
  subject: string;
  weight: string;
  weight_unit: WeightUnit;
  height: string;
  waist: string;
  assessment: string;
  diagnoses: PesStatement[];
  intervention: string;
  monitoring: string;
  goals: ChartGoal[];
  note: string;
}

/** The ranges the server accepts (lib/schemas/chart.ts), in the unit typed. */
const RANGES = { weight_kg: [1, 700], height: [30, 260], waist: [20, 300] } as const;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
/** A number as the page's language writes it: 82.5, or 82,5 in French. */
const shown = (value: number | null, decimal: string) => (value === null ? '' : String(round(value, 1)).replace('.', decimal));

export function formOf(content: ChartContent, decimal: '.' | ','): DraftForm {
  const weight = content.weight_kg === null ? null : content.weight_unit === 'lb' ? content.weight_kg / KG_PER_LB : content.weight_kg;
  return {
    subject: content.subject,
    weight: shown(weight, decimal),
    weight_unit: content.weight_unit,
    height: shown(content.height_cm, decimal),
    waist: shown(content.waist_cm, decimal),
    assessment: content.assessment,
    diagnoses: content.diagnoses,
    intervention: content.intervention,
    monitoring: content.monitoring,
    goals: content.goals,
    note: content.note,
  };
}

/** A typed number ("82,5" or "82.5"), or null when the box is empty; NaN when it is not a number. */
function parsed(text: string): number | null {
  const value = text.trim().replace(',', '.');
  if (value === '') return null;
  return /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
}

/** Which measurement boxes hold something the server would refuse (a Validation key each). */
export function measureProblems(form: DraftForm): Partial<Record<'weight' | 'height' | 'waist', string>> {
  const problems: Partial<Record<'weight' | 'height' | 'waist', string>> = {};
  const check = (name: 'weight' | 'height' | 'waist', value: number | null, [min, max]: readonly [number, number]) => {
    if (value === null) return;
    if (Number.isNaN(value)) problems[name] = 'numberInvalid';
    else if (value < min || value > max) problems[name] = 'numberRange';
  };
  const weight = parsed(form.weight);
  check('weight', weight === null || Number.isNaN(weight) ? weight : form.weight_unit === 'lb' ? weight * KG_PER_LB : weight, RANGES.weight_kg);
  check('height', parsed(form.height), RANGES.height);
  check('waist', parsed(form.waist), RANGES.waist);
  return problems;
}

/**
 * The content to save: weight in kilograms (to 0.01 kg, so a weight typed in pounds comes back
 * as typed). A box the server would refuse is saved empty until it is fixed, so the rest of the
 * draft is never held back by one typo.
 */
export function contentOf(form: DraftForm): ChartContent {
  const problems = measureProblems(form);
  const value = (name: 'weight' | 'height' | 'waist', text: string) => (problems[name] ? null : parsed(text));
  const weight = value('weight', form.weight);
  return {
    subject: form.subject,
    weight_kg: weight === null ? null : round(form.weight_unit === 'lb' ? weight * KG_PER_LB : weight, 2),
    weight_unit: form.weight_unit,
    height_cm: value('height', form.height),
    waist_cm: value('waist', form.waist),
    assessment: form.assessment,
    diagnoses: form.diagnoses,
    intervention: form.intervention,
    monitoring: form.monitoring,
    goals: form.goals,
    note: form.note,
  };
}

/** Which parts of the form a template shows. */
export function partsOf(template: ChartTemplate) {
  return {
    subject: template === 'note',
    measurements: template === 'adime' || template === 'follow_up',
    adime: template === 'adime',
    goals: template === 'adime' || template === 'follow_up',
  };
}
