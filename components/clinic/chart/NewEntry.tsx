'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Field } from '@/components/ui/form/Field';
import formStyles from '@/components/ui/form/form.module.css';
import { readApiFailure } from '@/lib/api/auth';
import { startEntry } from '@/lib/api/chart';
import { dateLanguage, formatDateTime } from '@/lib/format/dates';
import { useRouter } from '@/lib/i18n/navigation';
import type { ChartView } from '@/lib/schemas/chart';
import { CHART_TEMPLATES, type ChartTemplate } from '@/lib/schemas/chartValues';
import styles from './chart.module.css';

/** "2026-11-28T14:30" in the browser's clock, as a datetime-local box shows it. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Starting an entry: the note of one of the reader's visits with the patient that has none yet
 * (the visit's service names the template), or an entry on its own (a phone call, a letter) with
 * its template and when it happened. Either opens the entry's page.
 */
export function NewEntry({ patientId, visits }: { patientId: number; visits: ChartView['unnoted_visits'] }) {
  const t = useTranslations('Chart');
  const language = dateLanguage(useLocale());
  const router = useRouter();
  const [template, setTemplate] = useState<ChartTemplate>('note');
  const [when, setWhen] = useState(() => localInputValue(new Date()));
  const [failure, setFailure] = useState<{ message: string | null; field: string | null } | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async (body: Parameters<typeof startEntry>[1]) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const entry = await startEntry(patientId, body);
      router.push({ pathname: '/profile/chart-entries/[id]', params: { id: entry.id } });
    } catch (error) {
      const { message, fieldErrors } = readApiFailure(error);
      const field = Object.keys(fieldErrors)[0] ?? null;
      setFailure({ message: field ? (fieldErrors[field]?.[0] ?? message) : message, field });
      setBusy(false);
    }
  };

  const dateInvalid = when === '' || Number.isNaN(new Date(when).getTime());
  return (
    <section aria-labelledby="chart-new" className={styles.block}>
      <h3 id="chart-new">{t('page.newHeading')}</h3>
      {failure && failure.field !== 'occurred_at' ? (
        <p role="alert" className={formStyles.error}>
          {failure.message ?? t('page.actionFailed')}
        </p>
      ) : null}
      {visits.length ? (
        <>
          <h4>{t('page.unnotedHeading')}</h4>
          <ul className={styles.visits}>
            {visits.map((visit) => (
              <li key={visit.id}>
                <button type="button" className="button button--secondary" aria-disabled={busy} onClick={() => void start({ appointment_id: visit.id })}>
                  {t('page.writeNote', { service: visit.service, date: formatDateTime(visit.starts_at, language, 'long') })}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <form
        method="post"
        className={formStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!dateInvalid) void start({ template, occurred_at: new Date(when).toISOString() });
        }}
      >
        <div className={styles.row}>
          <Field label={t('page.template')}>
            {(control) => (
              <select {...control} className={`${formStyles.input} ${formStyles.select}`} value={template} onChange={(event) => setTemplate(event.target.value as ChartTemplate)}>
                {CHART_TEMPLATES.map((value) => (
                  <option key={value} value={value}>
                    {t(`templates.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('page.occurredAt')} error={dateInvalid ? 'chartDateInvalid' : failure?.field === 'occurred_at' ? (failure.message ?? undefined) : undefined}>
            {(control) => <input {...control} type="datetime-local" className={formStyles.input} value={when} onChange={(event) => setWhen(event.target.value)} />}
          </Field>
        </div>
        <div className="button-row">
          <button type="submit" className="button button--primary" aria-disabled={busy}>
            {t('page.start')}
          </button>
        </div>
      </form>
    </section>
  );
}
