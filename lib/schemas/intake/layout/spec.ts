/**
 * What an intake step is made of, without zod: its fields, how each is shown and what the
 * controls hold. The form draws and restores steps from these on its first load; the step
 * schemas (lib/schemas/intake, zod) load when the patient first uses the form (issue #42).
 */

/** How a field is shown (the form's control and the review's rendering both follow it). */
export type FieldKind =
  | 'text'
  | 'email'
  | 'tel'
  | 'date'
  | 'time'
  | 'textarea'
  | 'select'
  | 'radio'
  | 'toggle'
  | 'checklist'
  | 'scale'
  | 'number'
  | 'weight'
  | 'height'
  | 'fluid'
  | 'skills'
  | 'address'
  | 'rows';

export type StepValues = Record<string, unknown>;

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  /** The choices of select, radio and checklist fields (labels: Intake.fields.<step>.<name>.options). */
  options?: readonly string[];
  /** May be left empty. */
  optional?: boolean;
  /** Shown (and then required unless optional) only when this holds; otherwise cleared. */
  showWhen?: (values: StepValues) => boolean;
  /** The columns of a repeatable row ('rows'). */
  columns?: readonly FieldSpec[];
  /** Most rows a 'rows' field takes. */
  maxRows?: number;
  autoComplete?: string;
}

/** A field with no answer: '', undefined, null or an empty list. */
export function isEmpty(value: unknown): boolean {
  return value === '' || value === undefined || value === null || (Array.isArray(value) && value.length === 0);
}

/** One step of the intake form as drawn: its fields in order and their starting values. */
export interface StepLayout<Id extends string = string> {
  id: Id;
  fields: readonly FieldSpec[];
  /** What the form's controls start with (and what a hidden field is put back to). */
  defaults: StepValues;
}

export function stepLayout<const Id extends string>(id: Id, fields: readonly FieldSpec[], defaults: StepValues): StepLayout<Id> {
  return { id, fields, defaults };
}
