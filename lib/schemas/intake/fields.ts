import { z } from 'zod';
import { isEmpty, type FieldSpec, type StepValues } from './layout/spec';

/**
 * Building blocks of the intake form's step schemas. Every schema takes what the form's
 * controls hold (strings, booleans, arrays of strings) and returns clean values; messages are
 * keys of the Validation namespace (messages/*.json). What the fields are and hold is in
 * layout/spec.ts, which has no zod.
 */

export const text = (max: number) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });

/** Empty means "not answered" and stays ''. */
export const optionalText = (max: number) => z.string({ error: 'required' }).trim().max(max, { error: 'tooLong' }).default('');

export const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === '' || issue.input === undefined ? 'required' : 'choiceInvalid') });

/** A choice that may stay unanswered (''). */
export const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.literal(''), z.enum(values)], { error: 'choiceInvalid' }).default('');

export const toggle = () => z.boolean({ error: 'choiceInvalid' }).default(false);

export const checklist = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values, { error: 'choiceInvalid' }), { error: 'choiceInvalid' })
    .max(values.length, { error: 'tooMany' })
    .default([])
    .refine((list) => new Set(list).size === list.length, { error: 'choiceInvalid' });

/** A whole number typed in a box or picked on a scale: '' is "not answered". */
function wholeNumber(min: number, max: number, rangeKey: string) {
  return z
    .union([z.string(), z.number()], { error: 'numberInvalid' })
    .transform((value, ctx) => {
      const raw = typeof value === 'number' ? String(value) : value.trim();
      if (raw === '') return undefined;
      if (!/^\d+$/.test(raw)) {
        ctx.addIssue({ code: 'custom', message: 'numberInvalid' });
        return z.NEVER;
      }
      const number = Number(raw);
      if (number < min || number > max) {
        ctx.addIssue({ code: 'custom', message: rangeKey });
        return z.NEVER;
      }
      return number;
    });
}

export const optionalInt = (min: number, max: number, rangeKey = 'numberRange') => wholeNumber(min, max, rangeKey).optional();

export const requiredInt = (min: number, max: number, rangeKey = 'numberRange') =>
  wholeNumber(min, max, rangeKey).pipe(z.number({ error: 'required' }));

/** 1 (not at all) to 10 (very much). */
export const scale = () => requiredInt(1, 10, 'scaleRange');

/** A decimal number (weights, heights): '' is "not answered"; a comma is read as the decimal point. */
export const optionalDecimal = () =>
  z
    .union([z.string(), z.number()], { error: 'numberInvalid' })
    .default('')
    .transform((value, ctx) => {
      const raw = typeof value === 'number' ? String(value) : value.trim().replace(',', '.');
      if (raw === '') return undefined;
      if (!/^\d{1,4}(\.\d{1,2})?$/.test(raw)) {
        ctx.addIssue({ code: 'custom', message: 'numberInvalid' });
        return z.NEVER;
      }
      return Number(raw);
    });

/** 'HH:MM' on a 24-hour clock (what <input type="time"> gives). */
export const optionalTime = () =>
  z
    .string({ error: 'timeInvalid' })
    .trim()
    .default('')
    .refine((value) => value === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), { error: 'timeInvalid' });

/**
 * A step's schema: answers of hidden fields (showWhen false) are put back to their defaults
 * before validation, so an answer typed and then made irrelevant neither blocks the step nor is
 * stored; a field shown by its condition is required unless marked optional. `prepare` clears
 * other answers the form hides (inside cards) the same way.
 */
export function stepSchema<S extends z.ZodRawShape>(
  shape: S,
  fields: readonly FieldSpec[],
  defaults: StepValues,
  refine?: (values: z.output<z.ZodObject<S, z.core.$strict>>, ctx: z.RefinementCtx) => void,
  prepare?: (values: StepValues) => StepValues,
) {
  const conditional = fields.filter((field) => field.showWhen);
  // A missing step reads "required"; other object issues (unknown keys) keep zod's own text.
  const object = z
    .strictObject(shape, { error: (issue) => (issue.code === 'invalid_type' ? 'required' : undefined) })
    .superRefine(
      (values, ctx) => {
        for (const field of conditional) {
          if (!field.optional && field.showWhen!(values) && isEmpty(values[field.name as keyof typeof values])) {
            ctx.addIssue({ code: 'custom', path: [field.name], message: 'required' });
          }
        }
      },
      // Also while other fields are in error, so every missing answer shows at once. The check
      // reads only the conditions and emptiness, which hold for values as typed too.
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    )
    .superRefine((values, ctx) => refine?.(values, ctx));
  return z.preprocess((input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
    const values = { ...(input as StepValues) };
    for (const field of conditional) {
      if (!field.showWhen!(values)) values[field.name] = defaults[field.name];
    }
    return prepare ? prepare(values) : values;
  }, object);
}
