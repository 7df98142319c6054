import 'server-only';
import { calendarDateMs, formatLocalDate, formatTime } from '@/lib/format/dates';
import { formatPhone } from '@/lib/format/phone';
import { intakeSteps, type FieldSpec, type IntakeStep, type StepValues } from '@/lib/schemas/intake';
import { isEmpty } from '@/lib/schemas/intake/layout/spec';
import { bulletList, details, EMPTY, heading, html, lines, muted, table, text, type Html } from './summaryHtml';
import type { SummaryKit } from './summaryTexts';

/**
 * An intake form's answers in summary.html, step by step, each under its question as the form
 * asked it: the form's own texts (Intake.steps, Intake.fields) and the intake review's way of
 * writing each kind of answer (components/intake/review/AnswerValue.tsx), on a server page.
 * The reasons for consulting are the clinic's skill ids in the answers: they are named from the
 * export's `reasons`.
 */

const asString = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A number, or one as typed in a draft ('72,5'); null for anything else. */
function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !/^\s*\d+(?:[.,]\d+)?\s*$/.test(value)) return null;
  return Number(value.trim().replace(',', '.'));
}

/** The fields the person was shown: those whose condition held on their answers. */
function shownFields(step: IntakeStep, values: StepValues): FieldSpec[] {
  return step.fields.filter((field) => !field.showWhen || field.showWhen(values));
}

/** Reason names by id, in both languages (the export's `reasons`). */
export type ReasonNames = ReadonlyMap<number, { en: string; fr: string }>;

function formTexts(kit: SummaryKit, step: string) {
  const field = (name: string) => `Intake.fields.${step}.${name}`;
  return {
    title: () => kit.lookup(`Intake.steps.${step}.title`) ?? step,
    label: (name: string) => kit.lookup(`${field(name)}.label`) ?? name,
    /** An option's text; a code the form does not know (any more) is shown as it is. */
    option: (name: string, value: string) => kit.lookup(`${field(name)}.options.${value}`) ?? value,
    columnLabel: (name: string, column: string) => kit.lookup(`${field(name)}.columns.${column}.label`) ?? column,
    columnOption: (name: string, column: string, value: string) => kit.lookup(`${field(name)}.columns.${column}.options.${value}`) ?? value,
    rowsEmpty: (name: string) => kit.lookup(`${field(name)}.empty`) ?? kit.values('noRows'),
  };
}

/** 'HH:MM' as the language writes a time (« 7 h 30 », '7:30 a.m.'); anything else as typed. */
function clockTime(value: string, kit: SummaryKit): string {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? formatTime(`1970-01-01T${value}:00Z`, kit.language, { timeZone: 'UTC' }) : value;
}

/** One answer as a person reads it, by the field's kind. */
function answer(step: string, field: FieldSpec, values: StepValues, kit: SummaryKit, reasons: ReasonNames): Html {
  const texts = formTexts(kit, step);
  const value = values[field.name];
  const notAnswered = muted(kit.values('notAnswered'));
  const preferNot = muted(kit.values('preferNot'));

  switch (field.kind) {
    case 'skills': {
      const names = asList(value).map((id) => reasons.get(Number(id))?.[kit.language] ?? String(id));
      return names.length > 0 ? bulletList(names.map((name) => text(name))) : notAnswered;
    }
    case 'address': {
      const part = (name: string) => asString(values[name]);
      const found = kit.address({
        streetNumber: part('streetNumber'),
        streetName: part('streetName'),
        unitNumber: part('unitNumber'),
        city: part('city'),
        province: part('province'),
        postalCode: part('postalCode'),
        country: part('country'),
      });
      return found.length > 0 ? lines(found) : notAnswered;
    }
    case 'toggle':
      return text(value === true ? kit.values('yes') : kit.values('no'));
    case 'weight': {
      const card = asRecord(value);
      if (card.preferNot === true) return preferNot;
      const weight = asNumber(card.value);
      if (weight === null) return asString(card.value).trim() ? text(asString(card.value)) : notAnswered;
      return text(kit.values(values.units === 'imperial' ? 'lb' : 'kg', { value: kit.number(weight) }));
    }
    case 'height': {
      const card = asRecord(value);
      if (card.preferNot === true) return preferNot;
      if (values.units === 'imperial') {
        const feet = asNumber(card.feet);
        const inches = asNumber(card.inches);
        if (feet === null) return notAnswered;
        return text(
          inches === null
            ? kit.values('feet', { feet: kit.number(feet) })
            : kit.values('feetInches', { feet: kit.number(feet), inches: kit.number(inches) }),
        );
      }
      const cm = asNumber(card.cm);
      return cm === null ? notAnswered : text(kit.values('cm', { value: kit.number(cm) }));
    }
    default:
      break;
  }

  if (isEmpty(value)) return notAnswered;
  const typed = asString(value);

  switch (field.kind) {
    case 'select':
    case 'radio':
      return text(texts.option(field.name, typed));
    case 'checklist':
      return bulletList(asList(value).map((option) => text(texts.option(field.name, String(option)))));
    case 'scale':
      return text(kit.values('scale', { value: asNumber(value) === null ? typed : kit.number(asNumber(value)!) }));
    case 'number': {
      const count = asNumber(value);
      return text(count === null ? typed : kit.number(count));
    }
    case 'fluid': {
      const cups = asNumber(value);
      return text(cups === null ? typed : kit.values('cups', { count: cups }));
    }
    case 'tel':
      return text(formatPhone(typed));
    case 'textarea':
      return html`<span class="multiline">${text(typed)}</span>`;
    case 'date':
      return text(Number.isNaN(calendarDateMs(typed)) ? typed : formatLocalDate(typed, kit.language, 'long'));
    case 'time':
      return text(clockTime(typed, kit));
    default:
      // text and email: as the person typed them.
      return text(typed);
  }
}

/** A repeatable field (medications, specialists, the food journal): a table, one row per entry. */
function rowsTable(step: string, field: FieldSpec, rows: unknown, kit: SummaryKit, form: string): Html {
  const texts = formTexts(kit, step);
  const columns = field.columns ?? [];
  const entries = asList(rows).filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null);
  const cell = (column: FieldSpec, value: unknown): Html => {
    const typed = asString(value);
    if (typed.trim() === '') return html`<span aria-hidden="true">—</span><span class="visually-hidden">${text(kit.values('notAnswered'))}</span>`;
    if (column.kind === 'select' || column.kind === 'radio') return text(texts.columnOption(field.name, column.name, typed));
    if (column.kind === 'tel') return text(formatPhone(typed));
    if (column.kind === 'time') return text(clockTime(typed, kit));
    return text(typed);
  };
  return table(
    texts.label(field.name),
    columns.map((column) => texts.columnLabel(field.name, column.name)),
    entries.map((row) => columns.map((column) => cell(column, row[column.name]))),
    { regionLabel: `${texts.label(field.name)} – ${form}` },
  );
}

/** One step: its title, then the questions shown, each with its answer, in the form's order. */
function stepHtml(step: IntakeStep, values: StepValues, level: number, kit: SummaryKit, reasons: ReasonNames, form: string): Html {
  const texts = formTexts(kit, step.id);
  const blocks: Html[] = [];
  let run: Array<readonly [string, Html]> = [];
  const flush = () => {
    if (run.length > 0) blocks.push(details(run));
    run = [];
  };
  for (const field of shownFields(step, values)) {
    if (field.kind === 'rows' && asList(values[field.name]).length > 0) {
      flush();
      blocks.push(rowsTable(step.id, field, values[field.name], kit, form));
    } else if (field.kind === 'rows') {
      run.push([texts.label(field.name), muted(texts.rowsEmpty(field.name))]);
    } else {
      run.push([texts.label(field.name), answer(step.id, field, values, kit, reasons)]);
    }
  }
  flush();
  return html`<section class="step">${heading(level, texts.title())}${blocks}</section>`;
}

/**
 * The steps of a form's answers, in the form's order, under headings of the given level. A step
 * the answers do not have (a draft not filled that far) is left out. `form` names the form in its
 * tables' scroll regions: two forms' medication tables must not share one name.
 */
export function intakeAnswersHtml(answers: Record<string, unknown>, level: number, kit: SummaryKit, reasons: ReasonNames, form: string): Html {
  const steps = intakeSteps
    .filter((step) => typeof answers[step.id] === 'object' && answers[step.id] !== null)
    .map((step) => stepHtml(step, asRecord(answers[step.id]), level, kit, reasons, form));
  return steps.length > 0 ? html`${steps}` : EMPTY;
}
