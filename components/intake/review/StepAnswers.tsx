'use client';

import type { FieldSpec, StepLayout, StepValues } from '@/lib/schemas/intake/layout/spec';
import { AnswerValue, type Reason } from './AnswerValue';
import styles from './review.module.css';
import { RowsTable } from './RowsTable';
import { useIntakeTexts } from './useIntakeTexts';

/** The fields a patient was shown: those whose condition held on the answers they submitted. */
export function shownFields(step: StepLayout, values: StepValues): FieldSpec[] {
  return step.fields.filter((field) => !field.showWhen || field.showWhen(values));
}

type Block = { kind: 'list'; fields: FieldSpec[] } | { kind: 'rows'; field: FieldSpec };

/** Runs of plain fields (one description list each), with repeatable rows between them. */
function blocksOf(fields: readonly FieldSpec[]): Block[] {
  const blocks: Block[] = [];
  for (const field of fields) {
    const last = blocks.at(-1);
    if (field.kind === 'rows') blocks.push({ kind: 'rows', field });
    else if (last?.kind === 'list') last.fields.push(field);
    else blocks.push({ kind: 'list', fields: [field] });
  }
  return blocks;
}

/** One step of the form as a section: its title, then its fields in the form's order with the answers. */
export function StepAnswers({ step, values, reasons }: { step: StepLayout; values: StepValues; reasons: readonly Reason[] }) {
  const texts = useIntakeTexts();
  const headingId = `intake-step-${step.id}`;

  return (
    <section className={styles.step} aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.stepTitle(step.id)}</h2>
      {blocksOf(shownFields(step, values)).map((block) =>
        block.kind === 'rows' ? (
          <RowsTable key={block.field.name} step={step.id} field={block.field} rows={values[block.field.name]} />
        ) : (
          <dl key={block.fields[0]!.name} className={styles.answers}>
            {block.fields.map((field) => (
              <div key={field.name}>
                <dt>{texts.label(step.id, field.name)}</dt>
                <dd>
                  <AnswerValue step={step.id} field={field} values={values} reasons={reasons} />
                </dd>
              </div>
            ))}
          </dl>
        ),
      )}
    </section>
  );
}
