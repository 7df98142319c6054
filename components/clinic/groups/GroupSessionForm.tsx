'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '@/components/auth/serverErrors';
import { SelectField, TextField } from '@/components/ui/form/Field';
import { FormAlert, SubmitButton } from '@/components/ui/form/FormParts';
import { useValidationMessage } from '@/components/ui/form/useValidationMessage';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import { readApiFailure } from '@/lib/api/auth';
import { scheduleGroupSession } from '@/lib/api/clinicGroups';
import { formatPrice } from '@/lib/format/price';
import { parseDollars } from '@/components/clinic/payments/money';
import { groupSessionSchema, type GroupSessionChoices } from '@/lib/schemas/groupSessions';
import styles from './groups.module.css';

interface Props {
  choices: GroupSessionChoices;
  onStarting: () => void;
  /** After the server scheduled it, with its sentence (« La série de 6 rencontres est planifiée. »). */
  onScheduled: (message: string) => void;
}

const FIELDS = ['topic_id', 'employee_id', 'office_id', 'date', 'time', 'session_language', 'capacity', 'meetings', 'price_cents'] as const;

/**
 * Schedules a group session or a weekly series, checked as the server checks it (the shared
 * schema); the server's refusal (an overlap, time off, with the meeting's date) shows above the
 * form, its field errors at their fields.
 */
export function GroupSessionForm({ choices, onStarting, onScheduled }: Props) {
  const t = useTranslations('ClinicGroups');
  const locale = useLocale();
  const message = useValidationMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: useZodResolver(groupSessionSchema),
    defaultValues: { time: '18:00', session_language: locale === 'fr' ? 'fr' : 'en', capacity: 10, meetings: 1 },
    reValidateMode: 'onSubmit',
  });

  const submit = handleSubmit(async (values) => {
    onStarting();
    setFormError(null);
    try {
      const { message: done } = await scheduleGroupSession(values);
      reset();
      onScheduled(done);
    } catch (failure) {
      const { message: refused, fieldErrors } = readApiFailure(failure);
      if (applyServerFieldErrors(setError, fieldErrors, FIELDS.map((field) => [field, field] as const)) === 0) setFormError(refused ?? t('failed'));
    }
  });

  const choose = { value: '', label: t('choose') };
  const number = { setValueAs: (value: string) => (value === '' ? undefined : Number(value)) };
  // Dollars as typed ("240", "240,00"); empty: the service's price per meeting; not an amount: NaN, refused by the schema.
  const dollars = { setValueAs: (value: string) => (value.trim() === '' ? undefined : (parseDollars(value) ?? Number.NaN)) };
  const money = (cents: number) => formatPrice(cents, locale, 'CAD');
  return (
    <form method="post" className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-labelledby="group-session-form-title">
      <h2 id="group-session-form-title" className={`${styles.heading} ${styles.formTitle}`}>
        {t('scheduleTitle')}
      </h2>
      {formError ? (
        <div className={styles.formTitle}>
          <FormAlert>{formError}</FormAlert>
        </div>
      ) : null}
      <SelectField
        label={t('topic')}
        error={message(errors.topic_id?.message)}
        options={[choose, ...choices.topics.map((topic) => ({ value: String(topic.id), label: topic.title }))]}
        {...register('topic_id', number)}
      />
      <SelectField
        label={t('dietitian')}
        error={message(errors.employee_id?.message)}
        options={[choose, ...choices.dietitians.map((person) => ({ value: String(person.id), label: person.name }))]}
        {...register('employee_id', number)}
      />
      <SelectField
        label={t('office')}
        error={message(errors.office_id?.message)}
        options={[choose, ...choices.offices.map((office) => ({ value: String(office.id), label: office.name }))]}
        {...register('office_id', number)}
      />
      <TextField type="date" label={t('date')} error={message(errors.date?.message)} {...register('date')} />
      <TextField type="time" step={900} label={t('time')} error={message(errors.time?.message)} {...register('time')} />
      <SelectField
        label={t('language')}
        error={message(errors.session_language?.message)}
        options={[
          { value: 'fr', label: t('french') },
          { value: 'en', label: t('english') },
        ]}
        {...register('session_language')}
      />
      <TextField type="number" min={1} max={50} inputMode="numeric" label={t('capacity')} error={message(errors.capacity?.message)} {...register('capacity', number)} />
      <TextField
        type="number"
        min={1}
        max={12}
        inputMode="numeric"
        label={t('meetings')}
        hint={t('meetingsHint')}
        error={message(errors.meetings?.message)}
        {...register('meetings', number)}
      />
      <TextField
        inputMode="decimal"
        autoComplete="off"
        label={t('price')}
        hint={t('priceHint', { price: money(choices.price.price_cents), tax: choices.price.tax })}
        error={message(errors.price_cents?.message)}
        {...register('price_cents', dollars)}
      />
      <div className={`button-row ${styles.formActions}`}>
        <SubmitButton pending={isSubmitting} label={t('submit')} pendingLabel={t('submitting')} />
      </div>
    </form>
  );
}
