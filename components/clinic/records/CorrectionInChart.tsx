'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Field } from '@/components/ui/form/Field';
import formStyles from '@/components/ui/form/form.module.css';
import { getChart } from '@/lib/api/chart';
import { dateLanguage, formatDateTime } from '@/lib/format/dates';
import type { ChartEntryView } from '@/lib/schemas/chart';
import { MAX_CHART_TEXT } from '@/lib/schemas/chartValues';

export interface ChartPart {
  record: boolean;
  entry_id: string;
  text: string;
}

/**
 * A patient's correction request closed in their chart (PHIPA s. 55, issue #40): the signed entry
 * it concerns and, as the decision says, the addendum that makes the correction or the patient's
 * statement of disagreement. The chart loads (an audited read) only once asked for.
 */
export function CorrectionInChart({
  patientId,
  refused,
  value,
  errors,
  onChange,
}: {
  patientId: number;
  refused: boolean;
  value: ChartPart;
  errors: { entry_id?: string; text?: string };
  onChange: (value: ChartPart) => void;
}) {
  const t = useTranslations('RecordsRequests.handle.chart');
  const templates = useTranslations('Chart.templates');
  const language = dateLanguage(useLocale());
  const [entries, setEntries] = useState<ChartEntryView[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!value.record || entries) return;
    const controller = new AbortController();
    getChart(String(patientId), controller.signal).then(
      (chart) => setEntries(chart.entries.filter((entry) => entry.signed_at !== null && entry.error === null)),
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [value.record, entries, patientId]);

  return (
    <div className={formStyles.field}>
      <label className={formStyles.radio}>
        <input type="checkbox" checked={value.record} onChange={(event) => onChange({ ...value, record: event.target.checked })} />
        {t('record')}
      </label>
      {value.record && failed ? <p role="alert">{t('loadFailed')}</p> : null}
      {value.record && !failed && entries === null ? <p role="status">{t('loading')}</p> : null}
      {value.record && entries?.length === 0 ? <p>{t('none')}</p> : null}
      {value.record && entries?.length ? (
        <>
          <Field label={t('entry')} error={errors.entry_id}>
            {(control) => (
              <select {...control} className={`${formStyles.input} ${formStyles.select}`} value={value.entry_id} onChange={(event) => onChange({ ...value, entry_id: event.target.value })}>
                <option value="">{t('choose')}</option>
                {entries.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {templates(entry.template)} — {formatDateTime(entry.occurred_at, language, 'long')} — {entry.author.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={refused ? t('disagreement') : t('correction')} hint={refused ? t('disagreementHint') : undefined} error={errors.text}>
            {(control) => (
              <textarea
                {...control}
                className={`${formStyles.input} ${formStyles.textarea}`}
                rows={4}
                maxLength={MAX_CHART_TEXT}
                value={value.text}
                onChange={(event) => onChange({ ...value, text: event.target.value })}
              />
            )}
          </Field>
        </>
      ) : null}
    </div>
  );
}
