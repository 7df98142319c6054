'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Field, TextField } from '@/components/ui/form/Field';
import { FormAlert, SubmitButton } from '@/components/ui/form/FormParts';
import { RadioGroup } from '@/components/ui/form/RadioGroup';
import formStyles from '@/components/ui/form/form.module.css';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import { readApiFailure } from '@/lib/api/auth';
import { recordRecordsRequest } from '@/lib/api/clinicRecords';
import { localDateOf } from '@/lib/format/dates';
import {
  MAX_RECORDS_TEXT,
  receivedOnProblem,
  recordsRequestFormSchema,
  type RecordsRequestFormValues,
  type RecordsRequestInput,
  type RecordsRequestPatient,
} from '@/lib/schemas/recordsRequests';
import { PatientSearch } from './PatientSearch';
import styles from './records.module.css';

/** The form's fields in the order they are shown: the first with an error takes the focus. */
const FIELDS = ['kind', 'who', 'patient_id', 'guest_email', 'received_on', 'details'] as const;
type FieldName = (typeof FIELDS)[number];

/**
 * Records a request the clinic received: its kind, the patient (found by the search, closed
 * accounts included) or a guest's address, the day it was received (today by default; not after
 * today nor more than a year back), and for a correction what the person asks to change.
 */
export function NewRequestForm({ onStarting, onRecorded }: { onStarting: () => void; onRecorded: (message: string) => void }) {
  const t = useTranslations('RecordsRequests.new');
  const [formError, setFormError] = useState<string | null>(null);
  const [patient, setPatient] = useState<RecordsRequestPatient | null>(null);
  const [focusSearch, setFocusSearch] = useState(false);
  // A new search (no term, no results) for each request recorded.
  const [round, setRound] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const today = localDateOf(new Date());
  const defaults: RecordsRequestFormValues = { kind: 'access', who: 'patient', patient_id: undefined, guest_email: '', received_on: today, details: '' };
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    clearErrors,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RecordsRequestFormValues, unknown, RecordsRequestInput>({
    resolver: useZodResolver(recordsRequestFormSchema),
    defaultValues: defaults,
    reValidateMode: 'onSubmit',
    // The patient has no input of its own: focus is moved by focusFirst.
    shouldFocusError: false,
  });
  const kind = useWatch({ control, name: 'kind' });
  const who = useWatch({ control, name: 'who' });

  useEffect(() => {
    if (focusSearch && !patient) searchRef.current?.focus();
  }, [focusSearch, patient]);

  const focusFirst = (failed: Partial<Record<FieldName, unknown>>) => {
    const first = FIELDS.find((field) => failed[field] !== undefined);
    if (first === 'patient_id') searchRef.current?.focus();
    else if (first) setFocus(first);
  };

  const choose = (next: RecordsRequestPatient | null) => {
    setPatient(next);
    setValue('patient_id', next?.id);
    clearErrors('patient_id');
    setFocusSearch(next === null);
  };

  const record = async (values: RecordsRequestInput) => {
    setFormError(null);
    const dateProblem = receivedOnProblem(values.received_on, localDateOf(new Date()));
    if (dateProblem) {
      setError('received_on', { type: 'validate', message: dateProblem });
      setFocus('received_on');
      return;
    }
    onStarting();
    try {
      const message = await recordRecordsRequest(values);
      reset({ ...defaults, kind: values.kind, who: values.patient_id !== undefined ? 'patient' : 'guest' });
      setPatient(null);
      setRound((n) => n + 1);
      onRecorded(message);
    } catch (failure) {
      const { message, fieldErrors } = readApiFailure(failure);
      const failed: Partial<Record<FieldName, string>> = {};
      for (const field of FIELDS) {
        const first = fieldErrors[field]?.[0];
        if (!first) continue;
        failed[field] = first;
        setError(field, { type: 'server', message: first });
      }
      if (Object.keys(failed).length > 0) focusFirst(failed);
      else setFormError(message ?? t('failed'));
    }
  };

  return (
    <section aria-labelledby="records-request-new" className={styles.section}>
      <h2 id="records-request-new">{t('heading')}</h2>
      <p className={styles.muted}>{t('intro')}</p>
      <form method="post" className={formStyles.form} noValidate onSubmit={(event) => void handleSubmit(record, focusFirst)(event)}>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <RadioGroup
          legend={t('kind')}
          error={errors.kind?.message}
          options={[
            { value: 'access', label: t('kinds.access') },
            { value: 'correction', label: t('kinds.correction') },
          ]}
          {...register('kind')}
        />
        <RadioGroup
          legend={t('who')}
          error={errors.who?.message}
          options={[
            { value: 'patient', label: t('whoOptions.patient') },
            { value: 'guest', label: t('whoOptions.guest') },
          ]}
          {...register('who')}
        />
        {who === 'guest' ? (
          <TextField
            label={t('guestEmail')}
            hint={t('guestEmailHint')}
            type="email"
            autoComplete="off"
            spellCheck={false}
            error={errors.guest_email?.message}
            {...register('guest_email')}
          />
        ) : (
          <PatientSearch key={round} chosen={patient} onChoose={choose} error={errors.patient_id?.message} inputRef={searchRef} />
        )}
        <TextField type="date" label={t('receivedOn')} hint={t('receivedOnHint')} max={today} error={errors.received_on?.message} {...register('received_on')} />
        <Field
          label={kind === 'correction' ? t('detailsCorrection') : t('details')}
          hint={kind === 'correction' ? t('detailsCorrectionHint') : t('detailsHint')}
          optional={kind !== 'correction'}
          error={errors.details?.message}
        >
          {(control) => <textarea className={`${formStyles.input} ${formStyles.textarea}`} rows={4} maxLength={MAX_RECORDS_TEXT} {...control} {...register('details')} />}
        </Field>
        <div className="button-row">
          <SubmitButton pending={isSubmitting} label={t('submit')} pendingLabel={t('submitting')} />
        </div>
      </form>
    </section>
  );
}
