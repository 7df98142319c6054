'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import formStyles from '@/components/ui/form/form.module.css';
import { dateLanguage, formatDateTime } from '@/lib/format/dates';
import { addTimeOff, deleteTimeOff, refusalOf, type OrphanAppointment, type TimeOffEntry } from '@/lib/api/clinicSchedule';
import { TIME_OFF_REASON_MAX, timeOffSchema, type TimeOffFormValues } from '@/lib/schemas/clinicSchedule';
import { OrphanList } from './OrphanList';
import styles from './schedule.module.css';
import { firstErrors, firstServerErrors, useScheduleError } from './useScheduleError';
import { FieldError } from './WeeklyScheduleForm';

const EMPTY: Required<TimeOffFormValues> = { start_date: '', end_date: '', start_time: '', end_time: '', reason: '' };
type FieldName = keyof typeof EMPTY;

/** The employee's upcoming time off, each deletable, and the form that adds one. */
export function TimeOffSection({ entries, onChange }: { entries: TimeOffEntry[]; onChange: (entries: TimeOffEntry[]) => void }) {
  const t = useTranslations('ClinicSchedule.timeOff');
  const language = dateLanguage(useLocale());
  const errorText = useScheduleError();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [orphans, setOrphans] = useState<OrphanAppointment[] | null>(null);
  const [busy, setBusy] = useState<'add' | number | null>(null);

  const when = (iso: string) => formatDateTime(iso, language, 'medium');
  const sorted = (list: TimeOffEntry[]) => [...list].sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id - b.id);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOrphans(null);
    const parsed = timeOffSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy('add');
    try {
      const added = await addTimeOff(parsed.data);
      onChange(sorted([...entries, added]));
      setValues(EMPTY);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal?.orphans) setOrphans(refusal.orphans);
      else if (refusal) setErrors(firstServerErrors(refusal.fieldErrors));
    } finally {
      setBusy(null);
    }
  };

  const remove = async (entry: TimeOffEntry) => {
    setBusy(entry.id);
    try {
      await deleteTimeOff(entry.id);
      onChange(entries.filter((e) => e.id !== entry.id));
    } catch {
      // The client has shown the server's message; the entry stays listed.
    } finally {
      setBusy(null);
    }
  };

  const field = (name: FieldName, label: string, type: 'date' | 'time' | 'text', hint?: string) => {
    const id = `time-off-${name}`;
    const message = errorText(errors[name]);
    const describedBy = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className={styles.cell}>
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <p id={`${id}-hint`} className={styles.hint}>
            {hint}
          </p>
        ) : null}
        <input
          id={id}
          type={type}
          className={formStyles.input}
          value={values[name]}
          maxLength={type === 'text' ? TIME_OFF_REASON_MAX : undefined}
          autoComplete="off"
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        />
        <FieldError id={`${id}-error`} text={message} />
      </div>
    );
  };

  return (
    <section aria-labelledby="time-off-heading" className={styles.section}>
      <h2 id="time-off-heading">{t('heading')}</h2>
      {entries.length === 0 ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        <ul className={styles.timeOffList}>
          {entries.map((entry) => {
            const range = { start: when(entry.starts_at), end: when(entry.ends_at) };
            return (
              <li key={entry.id} className={styles.timeOff}>
                <div>
                  <p className={styles.strong}>{t('range', range)}</p>
                  <p className={styles.muted}>{entry.reason || t('noReason')}</p>
                </div>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t('deleteLabel', range)}
                  disabled={busy !== null}
                  onClick={() => void remove(entry)}
                >
                  {busy === entry.id ? t('deleting') : t('delete')}
                </button>
              </li>
            );
          })}
        </ul>
      )}

      <form method="post" onSubmit={submit} noValidate aria-labelledby="time-off-form-heading" className={styles.timeOffForm}>
        <h3 id="time-off-form-heading">{t('formHeading')}</h3>
        <p className={styles.muted}>{t('formIntro')}</p>
        <div className={styles.grid}>
          {field('start_date', t('startDate'), 'date')}
          {field('end_date', t('endDate'), 'date')}
          {field('start_time', t('startTime'), 'time', t('timesHint'))}
          {field('end_time', t('endTime'), 'time', t('timesHint'))}
        </div>
        {field('reason', t('reason'), 'text', t('privacy'))}
        <button type="submit" className="button button--primary" disabled={busy !== null}>
          {busy === 'add' ? t('adding') : t('add')}
        </button>
      </form>
      {orphans ? <OrphanList kind="timeOff" appointments={orphans} /> : null}
    </section>
  );
}
