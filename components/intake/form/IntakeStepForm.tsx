'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useMemo } from 'react';
import { FormProvider, useForm, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import formStyles from '@/components/ui/form/form.module.css';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import { intakeLayout, type FieldSpec, type StepValues } from '@/lib/schemas/intake/layout';
import { stepValues } from '@/stores/intake';
import { useIntakeStoreApi } from '@/stores/useIntake';
import { IntakeField } from './IntakeField';
import styles from './intake.module.css';
import { useFieldText } from './useFieldText';
import { loadIntakeSteps } from './useIntakeSchemas';

/** Fields in order, with runs of fluid cards gathered so they sit side by side on wide screens. */
function fieldGroups(fields: readonly FieldSpec[]): FieldSpec[][] {
  const groups: FieldSpec[][] = [];
  for (const field of fields) {
    const last = groups.at(-1);
    if (field.kind === 'fluid' && last?.[0]?.kind === 'fluid') last.push(field);
    else groups.push([field]);
  }
  return groups;
}

interface Props {
  index: number;
  /** Errors the server found in this step (field path -> texts), shown at their fields. */
  serverErrors?: Record<string, string[]>;
  onNext: () => void;
  onBack: () => void;
}

/**
 * One step of the intake form. Every change goes to the draft store (and so to the browser's
 * storage); "Next" opens the next step only when this one passes its schema.
 */
export function IntakeStepForm({ index, serverErrors, onNext, onBack }: Props) {
  const t = useTranslations('Intake.form');
  const step = intakeLayout[index]!;
  const schema = useMemo(() => () => loadIntakeSteps().then((steps) => steps[index]!.schema), [index]);
  const text = useFieldText(step.id);
  const intake = useIntakeStoreApi();
  const methods = useForm<FieldValues>({
    resolver: useZodResolver(schema as never) as unknown as Resolver<FieldValues>,
    defaultValues: stepValues(intake.getState().answers, index),
  });
  const { control, handleSubmit, setError, getValues, subscribe } = methods;
  const values = useWatch({ control }) as StepValues;

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values: changed }) => intake.getState().setAnswers(step.id, structuredClone(changed) as StepValues),
      }),
    [subscribe, intake, step.id],
  );

  useEffect(() => {
    if (!serverErrors) return;
    for (const [path, messages] of Object.entries(serverErrors)) {
      if (messages[0]) setError(path, { type: 'server', message: messages[0] }, { shouldFocus: true });
    }
  }, [serverErrors, setError]);

  const back = () => {
    intake.getState().setAnswers(step.id, getValues() as StepValues);
    onBack();
  };

  return (
    <FormProvider {...methods}>
      <form method="post" className={`${formStyles.form} ${styles.stepForm}`} noValidate onSubmit={handleSubmit(() => onNext())}>
        {fieldGroups(step.fields.filter((field) => !field.showWhen || field.showWhen(values))).map((group) =>
          group.length > 1 ? (
            <div key={group[0]!.name} className={styles.cardGrid}>
              {group.map((field) => (
                <IntakeField key={field.name} spec={field} text={text} />
              ))}
            </div>
          ) : (
            <IntakeField key={group[0]!.name} spec={group[0]!} text={text} />
          ),
        )}
        <div className={`button-row ${styles.navigation}`}>
          {index > 0 ? (
            <button type="button" className="button button--secondary" onClick={back}>
              {t('back')}
            </button>
          ) : null}
          <button type="submit" className="button button--primary">
            {index === intakeLayout.length - 1 ? t('toReview') : t('next')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
