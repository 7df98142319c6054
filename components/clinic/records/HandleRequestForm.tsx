'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { applyServerFieldErrors } from '@/components/auth/serverErrors';
import { Field } from '@/components/ui/form/Field';
import { FormAlert, SubmitButton } from '@/components/ui/form/FormParts';
import { RadioGroup } from '@/components/ui/form/RadioGroup';
import formStyles from '@/components/ui/form/form.module.css';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import { readApiFailure } from '@/lib/api/auth';
import { handleRecordsRequest } from '@/lib/api/clinicRecords';
import { MAX_RECORDS_TEXT, recordsRequestOutcomeSchema, type RecordsRequestView } from '@/lib/schemas/recordsRequests';
import { CorrectionInChart, type ChartPart } from './CorrectionInChart';
import styles from './records.module.css';

/**
 * Completes or refuses an open request with what was done: required for a refusal (why) and for a
 * correction (the correction made, or why not), as the server checks it. A request handled
 * meanwhile by another administrator is said above the form (409).
 */
export function HandleRequestForm({
  request,
  personName,
  onStarting,
  onHandled,
}: {
  request: RecordsRequestView;
  personName: string;
  onStarting: () => void;
  onHandled: (message: string) => void;
}) {
  const t = useTranslations('RecordsRequests.handle');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: useZodResolver(recordsRequestOutcomeSchema),
    defaultValues: { status: 'completed' as const, outcome: '' },
    reValidateMode: 'onSubmit',
  });

  const status = useWatch({ control, name: 'status' });
  const [chart, setChart] = useState<ChartPart>({ record: false, entry_id: '', text: '' });
  const [chartErrors, setChartErrors] = useState<{ entry_id?: string; text?: string }>({});
  const patientId = request.person.kind === 'patient' && request.kind === 'correction' ? request.person.patient_id : null;

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    if (request.kind === 'correction' && values.outcome === undefined) {
      setError('outcome', { type: 'validate', message: 'recordsOutcomeRequired' }, { shouldFocus: true });
      return;
    }
    const inChart = patientId !== null && chart.record;
    const missing = { entry_id: inChart && !chart.entry_id ? 'chartEntryRequired' : undefined, text: inChart && !chart.text.trim() ? 'required' : undefined };
    setChartErrors(missing);
    if (missing.entry_id || missing.text) return;
    onStarting();
    try {
      onHandled(await handleRecordsRequest(request.id, inChart ? { ...values, chart: { entry_id: chart.entry_id, text: chart.text } } : values));
    } catch (failure) {
      const { message, fieldErrors } = readApiFailure(failure);
      const applied = applyServerFieldErrors(setError, fieldErrors, [
        ['status', 'status'],
        ['outcome', 'outcome'],
      ]);
      if (applied === 0) setFormError(message ?? t('failed'));
    }
  });

  const headingId = `records-handle-${request.id}`;
  return (
    <form method="post" noValidate className={styles.handleForm} aria-labelledby={headingId} onSubmit={(event) => void submit(event)}>
      <h3 id={headingId} className={styles.formHeading}>
        {t('heading', { person: personName })}
      </h3>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <RadioGroup
        legend={t('status')}
        error={errors.status?.message}
        options={[
          { value: 'completed', label: t('statuses.completed') },
          { value: 'refused', label: t('statuses.refused') },
        ]}
        {...register('status')}
      />
      <Field label={t('outcome')} hint={request.kind === 'correction' ? t('outcomeHintCorrection') : t('outcomeHint')} error={errors.outcome?.message}>
        {(control) => <textarea className={`${formStyles.input} ${formStyles.textarea}`} rows={4} maxLength={MAX_RECORDS_TEXT} {...control} {...register('outcome')} />}
      </Field>
      {patientId !== null ? (
        <CorrectionInChart patientId={patientId} refused={status === 'refused'} value={chart} errors={chartErrors} onChange={setChart} />
      ) : null}
      <div className="button-row">
        <SubmitButton pending={isSubmitting} label={t('submit')} pendingLabel={t('submitting')} />
      </div>
    </form>
  );
}
