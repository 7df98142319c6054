'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { TextField } from '@/components/ui/form/Field';
import { MAX_CUPS } from '@/lib/schemas/intake/layout/journal';
import { Group, useFieldError } from './Controls';
import styles from './intake.module.css';

/** "Prefer not to say" for a card: when ticked, the number is not asked (nor kept). */
function PreferNot({ name }: { name: string }) {
  const t = useTranslations('Intake.cards');
  const { register } = useFormContext();
  return (
    <label className={styles.check}>
      <input type="checkbox" {...register(`${name}.preferNot`)} />
      <span>{t('preferNot')}</span>
    </label>
  );
}

const LB_PER_KG = 2.20462;
const CM_PER_INCH = 2.54;

/** A number as typed ('72,5' too), or null when the box holds none. */
function typed(value: unknown): number | null {
  const number = Number(String(value ?? '').trim().replace(',', '.'));
  return String(value ?? '').trim() !== '' && Number.isFinite(number) ? number : null;
}

const round = (value: number, places: number) => String(Math.round(value * 10 ** places) / 10 ** places);

/**
 * When the units change, what was typed is converted (70 kg becomes 154.3 lb, 165 cm 5 ft 5 in),
 * so a number is never silently read in the other unit.
 */
function useUnitConversion(convert: (imperial: boolean) => void) {
  const imperial = useWatch({ name: 'units' }) === 'imperial';
  const previous = useRef(imperial);
  useEffect(() => {
    if (previous.current === imperial) return;
    previous.current = imperial;
    convert(imperial);
  }, [imperial, convert]);
  return imperial;
}

/** A weight card: a number in the step's units (kg or lb), or "prefer not to say". */
export function WeightCard({ name, label }: { name: string; label: ReactNode }) {
  const t = useTranslations('Intake.cards');
  const { register, getValues, setValue } = useFormContext();
  const imperial = useUnitConversion(
    useCallback(
      (toImperial: boolean) => {
        const value = typed(getValues(`${name}.value`));
        if (value !== null) setValue(`${name}.value`, round(toImperial ? value * LB_PER_KG : value / LB_PER_KG, 1));
      },
      [name, getValues, setValue],
    ),
  );
  const units = imperial ? 'lb' : 'kg';
  const preferNot = useWatch({ name: `${name}.preferNot` }) === true;
  const error = useFieldError(`${name}.value`);
  return (
    <Group legend={label} className={styles.card}>
      {preferNot ? null : (
        <TextField label={t(units)} inputMode="decimal" autoComplete="off" className={styles.short} error={error} {...register(`${name}.value`)} />
      )}
      <PreferNot name={name} />
    </Group>
  );
}

/** The height card: centimetres, or feet and inches, or "prefer not to say". */
export function HeightCard({ name, label }: { name: string; label: ReactNode }) {
  const t = useTranslations('Intake.cards');
  const { register, getValues, setValue } = useFormContext();
  const imperial = useUnitConversion(
    useCallback(
      (toImperial: boolean) => {
        if (toImperial) {
          const cm = typed(getValues(`${name}.cm`));
          if (cm === null) return;
          const inches = Math.round(cm / CM_PER_INCH);
          setValue(`${name}.feet`, String(Math.floor(inches / 12)));
          setValue(`${name}.inches`, String(inches % 12));
        } else {
          const feet = typed(getValues(`${name}.feet`));
          if (feet === null) return;
          setValue(`${name}.cm`, round((feet * 12 + (typed(getValues(`${name}.inches`)) ?? 0)) * CM_PER_INCH, 0));
        }
      },
      [name, getValues, setValue],
    ),
  );
  const preferNot = useWatch({ name: `${name}.preferNot` }) === true;
  const errors = { cm: useFieldError(`${name}.cm`), feet: useFieldError(`${name}.feet`), inches: useFieldError(`${name}.inches`) };
  return (
    <Group legend={label} className={styles.card}>
      {preferNot ? null : imperial ? (
        <div className={styles.pair}>
          <TextField label={t('feet')} inputMode="numeric" autoComplete="off" className={styles.short} error={errors.feet} {...register(`${name}.feet`)} />
          <TextField label={t('inches')} inputMode="decimal" autoComplete="off" className={styles.short} error={errors.inches} {...register(`${name}.inches`)} />
        </div>
      ) : (
        <TextField label={t('cm')} inputMode="decimal" autoComplete="off" className={styles.short} error={errors.cm} {...register(`${name}.cm`)} />
      )}
      <PreferNot name={name} />
    </Group>
  );
}

const toCups = (value: unknown): number => {
  const number = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(number) ? number : 0;
};

/** A fluid card: cups a day of one drink, typed or counted with the − and + buttons. */
export function FluidCard({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const t = useTranslations('Intake.cards');
  const { control } = useFormContext();
  const error = useFieldError(name);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => {
        const cups = toCups(field.value);
        const set = (next: number) => field.onChange(Math.max(0, Math.min(MAX_CUPS, next)));
        return (
          <Group legend={label} hint={hint} className={styles.card}>
            <div className={styles.stepper}>
              <button type="button" className={styles.stepButton} aria-label={t('fewer', { drink: label })} onClick={() => set(cups - 1)} aria-disabled={cups <= 0}>
                −
              </button>
              <TextField
                label={t('cupsLabel')}
                inputMode="numeric"
                autoComplete="off"
                className={styles.cups}
                error={error}
                name={field.name}
                ref={field.ref}
                value={String(field.value ?? '')}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.value)}
              />
              <button type="button" className={styles.stepButton} aria-label={t('more', { drink: label })} onClick={() => set(cups + 1)} aria-disabled={cups >= MAX_CUPS}>
                +
              </button>
            </div>
          </Group>
        );
      }}
    />
  );
}
