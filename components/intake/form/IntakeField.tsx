'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense } from 'react';
import { useFormContext, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { Field, SelectField, TextField } from '@/components/ui/form/Field';
import { RadioGroup } from '@/components/ui/form/RadioGroup';
import formStyles from '@/components/ui/form/form.module.css';
import { AddressFields, type AddressValues } from '@/components/ui/form/AddressFields';
import type { FieldSpec } from '@/lib/schemas/intake/layout/spec';
import { FluidCard, HeightCard, WeightCard } from './Cards';
import { Checklist, ReasonsStatus, Toggle, useFieldError } from './Controls';
import styles from './intake.module.css';
import { RowsField } from './RowsField';
import type { FieldText } from './useFieldText';

// Step 4's reasons bring the booking's stores and client: they load with that step (issue #42).
const SkillsChecklist = lazy(() => import('./SkillsChecklist').then((module) => ({ default: module.SkillsChecklist })));

const SCALE = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
const inputTypes = { text: 'text', email: 'email', tel: 'tel', date: 'date', time: 'time', number: 'text' } as const;

/** One field of a step, drawn by its kind (lib/schemas/intake field specs). */
export function IntakeField({ spec, text }: { spec: FieldSpec; text: FieldText }) {
  const { register } = useFormContext();
  const error = useFieldError(spec.name);
  const label = text.label(spec.name);
  const hint = text.hint(spec.name);
  const options = (spec.options ?? []).map((value) => ({ value, label: text.option(spec.name, value) }));

  switch (spec.kind) {
    case 'text':
    case 'email':
    case 'tel':
    case 'date':
    case 'time':
    case 'number':
      return (
        <TextField
          label={label}
          hint={hint}
          optional={spec.optional}
          type={inputTypes[spec.kind]}
          inputMode={spec.kind === 'number' ? 'numeric' : spec.kind === 'email' ? 'email' : undefined}
          autoComplete={spec.autoComplete}
          className={spec.kind === 'number' ? styles.short : undefined}
          error={error}
          {...register(spec.name)}
        />
      );
    case 'textarea':
      return (
        <Field label={label} hint={hint} optional={spec.optional} error={error}>
          {(control) => <textarea className={`${formStyles.input} ${formStyles.textarea}`} rows={4} {...control} {...register(spec.name)} />}
        </Field>
      );
    case 'select':
      return <ChoiceSelect spec={spec} label={label} hint={hint} error={error} options={options} />;
    case 'radio':
      return <RadioGroup legend={label} hint={hint} error={error} options={options} {...register(spec.name)} />;
    case 'scale':
      return (
        <RadioGroup legend={label} hint={hint} error={error} options={SCALE.map((value) => ({ value, label: value }))} {...register(spec.name)} />
      );
    case 'toggle':
      return <Toggle name={spec.name} label={label} hint={hint} />;
    case 'checklist':
      return <Checklist name={spec.name} legend={label} hint={hint} options={options} />;
    case 'skills':
      return (
        <Suspense fallback={<ReasonsStatus legend={label} />}>
          <SkillsChecklist name={spec.name} legend={label} hint={hint} />
        </Suspense>
      );
    case 'weight':
      return <WeightCard name={spec.name} label={label} />;
    case 'height':
      return <HeightCard name={spec.name} label={label} />;
    case 'fluid':
      return <FluidCard name={spec.name} label={label} hint={hint} />;
    case 'rows':
      return <RowsField spec={spec} text={text} />;
    case 'address':
      return <Address />;
  }
}

function ChoiceSelect({ spec, label, hint, error, options }: { spec: FieldSpec; label: string; hint?: string; error?: string; options: Array<{ value: string; label: string }> }) {
  const { register } = useFormContext();
  const t = useTranslations('Intake.form');
  return <SelectField label={label} hint={hint} error={error} options={[{ value: '', label: t('choose') }, ...options]} {...register(spec.name)} />;
}

/** The contact step's address: the same fields as sign-up and booking. */
function Address() {
  const { register, control, setValue, formState } = useFormContext<AddressValues>();
  return (
    <AddressFields
      register={register as UseFormRegister<AddressValues>}
      control={control as Control<AddressValues>}
      setValue={setValue as UseFormSetValue<AddressValues>}
      errors={formState.errors as FieldErrors<AddressValues>}
      rowClassName={styles.pair}
    />
  );
}
