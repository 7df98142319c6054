import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { intakeSteps, type FieldSpec } from '@/lib/schemas/intake';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

/**
 * Every text the intake form looks up by a step's id and its fields' names (Intake.steps and
 * Intake.fields) exists in both languages, and so does every Validation key the step schemas
 * report: a missing one would show the raw key to a patient.
 */

type Tree = { [key: string]: unknown };
const locales = [
  ['en', en],
  ['fr', fr],
] as const;

function at(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Tree)[key] : undefined), tree);
}

/** The keys a field needs, by its kind (rows: also its columns'). */
function fieldKeys(prefix: string, field: FieldSpec): string[] {
  const base = `${prefix}.${field.name}`;
  const keys = [`${base}.label`];
  if (field.kind === 'select' || field.kind === 'radio' || field.kind === 'checklist') {
    for (const option of field.options ?? []) keys.push(`${base}.options.${option}`);
  }
  if (field.kind === 'rows') {
    keys.push(`${base}.add`, `${base}.remove`, `${base}.row`, `${base}.empty`);
    for (const column of field.columns ?? []) {
      keys.push(`${base}.columns.${column.name}.label`);
      if (column.kind === 'select') {
        for (const option of column.options ?? []) keys.push(`${base}.columns.${column.name}.options.${option}`);
      }
    }
  }
  return keys;
}

/** Validation keys named in the intake schemas' sources (and lib/schemas/contact.ts, which they reuse). */
function validationKeysInSchemas(): string[] {
  const dir = join(process.cwd(), 'lib/schemas/intake');
  const files = [...readdirSync(dir).map((name) => join(dir, name)), join(process.cwd(), 'lib/schemas/contact.ts')];
  const patterns = [
    /(?:error|message):\s*'(\w+)'/g,
    // Range keys handed to optionalInt / requiredInt, and their default.
    /(?:optionalInt|requiredInt)\([^()]*'(\w+)'\)/g,
    /rangeKey = '(\w+)'/g,
    // Keys chosen by a condition: `cond ? 'a' : 'b'`.
    /\?\s*'(\w+)'\s*:\s*'(\w+)'/g,
  ];
  const keys = new Set<string>();
  for (const file of files.filter((path) => path.endsWith('.ts'))) {
    const source = readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of source.matchAll(pattern)) match.slice(1).forEach((key) => key && keys.add(key));
    }
  }
  return [...keys].sort();
}

describe('intake messages', () => {
  it('finds the Validation keys the schemas use', () => {
    const keys = validationKeysInSchemas();
    for (const key of ['required', 'choiceInvalid', 'numberRange', 'scaleRange', 'weightRangeKg', 'weightRangeLb', 'cupsRange', 'consentOutdated']) {
      expect(keys).toContain(key);
    }
  });

  it.each(locales)('%s: every step has a title and a description', (_, messages) => {
    for (const step of intakeSteps) {
      for (const key of ['title', 'description']) {
        const text = at(messages, `Intake.steps.${step.id}.${key}`);
        expect(typeof text === 'string' && text.trim() !== '', `Intake.steps.${step.id}.${key}`).toBe(true);
      }
    }
  });

  it.each(locales)('%s: every field has its label, options and row texts', (_, messages) => {
    for (const step of intakeSteps) {
      for (const field of step.fields) {
        for (const key of fieldKeys(`Intake.fields.${step.id}`, field)) {
          const text = at(messages, key);
          expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
        }
      }
    }
  });

  it.each(locales)('%s: the row buttons and legends number their row', (_, messages) => {
    for (const step of intakeSteps) {
      for (const field of step.fields.filter((spec) => spec.kind === 'rows')) {
        for (const key of ['remove', 'row']) {
          expect(String(at(messages, `Intake.fields.${step.id}.${field.name}.${key}`))).toContain('{number}');
        }
      }
    }
  });

  it.each(locales)('%s: titles are distinct', (_, messages) => {
    const titles = intakeSteps.map((step) => at(messages, `Intake.steps.${step.id}.title`));
    expect(new Set(titles).size).toBe(titles.length);
  });

  it.each(locales)('%s: has a text for every Validation key the schemas use', (_, messages) => {
    for (const key of validationKeysInSchemas()) {
      const text = at(messages, `Validation.${key}`);
      expect(typeof text === 'string' && text.trim() !== '', `Validation.${key}`).toBe(true);
    }
  });
});
