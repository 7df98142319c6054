'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '@/components/auth/serverErrors';
import { SelectField, TextField } from '@/components/ui/form/Field';
import { FormAlert, SubmitButton } from '@/components/ui/form/FormParts';
import { useValidationMessage } from '@/components/ui/form/useValidationMessage';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import { readApiFailure } from '@/lib/api/auth';
import { moveGroupSession } from '@/lib/api/clinicGroups';
import { localClockOf, localDateOf } from '@/lib/format/dates';
import { groupSessionMoveSchema, type GroupSessionChoices, type GroupSessionView } from '@/lib/schemas/groupSessions';
import styles from './groups.module.css';

interface Props {
  session: GroupSessionView;
  offices: GroupSessionChoices['offices'];
  onDone: (message: string) => void;
  onClose: () => void;
}

const FIELDS = ['date', 'time', 'office_id'] as const;

/**
 * Moves one session to another date, time or office (issue #28), checked as the server checks it;
 * the server's refusal (time off, an overlap, an attendee's own visit) shows above the fields.
 */
export function SessionMoveForm({ session, offices, onDone, onClose }: Props) {
  const t = useTranslations('ClinicGroups');
  const message = useValidationMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: useZodResolver(groupSessionMoveSchema),
    defaultValues: { date: localDateOf(session.start), time: localClockOf(session.start), office_id: session.office.id },
    reValidateMode: 'onSubmit',
  });

  // Opened by its button: the first field takes the focus.
  useEffect(() => setFocus('date'), [setFocus]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onDone(await moveGroupSession(session.id, values));
    } catch (failure) {
      const { message: refused, fieldErrors } = readApiFailure(failure);
      if (applyServerFieldErrors(setError, fieldErrors, FIELDS.map((field) => [field, field] as const)) === 0) setFormError(refused ?? t('actionFailed'));
    }
  });

  return (
    <form method="post" className={styles.moveForm} noValidate onSubmit={(event) => void submit(event)} aria-label={t('moveTitle')}>
      {formError ? (
        <div className={styles.formTitle}>
          <FormAlert>{formError}</FormAlert>
        </div>
      ) : null}
      <TextField type="date" label={t('moveDate')} error={message(errors.date?.message)} {...register('date')} />
      <TextField type="time" step={900} label={t('time')} error={message(errors.time?.message)} {...register('time')} />
      <SelectField
        label={t('office')}
        error={message(errors.office_id?.message)}
        options={offices.map((office) => ({ value: String(office.id), label: office.name }))}
        {...register('office_id', { setValueAs: (value: string) => Number(value) })}
      />
      <div className={styles.formActions}>
        <SubmitButton pending={isSubmitting} label={t('moveSubmit')} pendingLabel={t('moving')} />{' '}
        <button type="button" className="button button--secondary" onClick={onClose} disabled={isSubmitting}>
          {t('keep')}
        </button>
      </div>
    </form>
  );
}
