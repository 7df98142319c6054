'use client';

import { useTranslations } from 'next-intl';

/**
 * The intake form's own texts as the review reads them (Intake.steps and Intake.fields, written
 * with the form). Their keys are built from the step schemas' ids, so they are looked up by path.
 */
export function useIntakeTexts() {
  const t = useTranslations();
  const text = (key: string) => t(key as never);
  const field = (step: string, name: string) => `Intake.fields.${step}.${name}`;
  return {
    stepTitle: (step: string) => text(`Intake.steps.${step}.title`),
    label: (step: string, name: string) => text(`${field(step, name)}.label`),
    option: (step: string, name: string, value: string) => text(`${field(step, name)}.options.${value}`),
    columnLabel: (step: string, name: string, column: string) => text(`${field(step, name)}.columns.${column}.label`),
    columnOption: (step: string, name: string, column: string, value: string) =>
      text(`${field(step, name)}.columns.${column}.options.${value}`),
    /** The rows field's own "none" text when it has one. */
    rowsEmpty: (step: string, name: string): string | null => {
      const key = `${field(step, name)}.empty`;
      return t.has(key as never) ? text(key) : null;
    },
  };
}
