'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import formStyles from '@/components/ui/form/form.module.css';
import { refusalOf, saveSchedule, type OrphanAppointment, type Schedule, type ScheduleOffice } from '@/lib/api/clinicSchedule';
import { MAX_SCHEDULE_RANGES, scheduleSchema, type ScheduleRange } from '@/lib/schemas/clinicSchedule';
import { OrphanList } from './OrphanList';
import styles from './schedule.module.css';
import { firstErrors, firstServerErrors, useScheduleError } from './useScheduleError';

/** A row being edited: a key for React, the office as the select's value. */
interface Row {
  key: number;
  weekday: number;
  office: string;
  start: string;
  end: string;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
let nextKey = 0;
const rowOf = (range: ScheduleRange): Row => ({ key: nextKey++, weekday: range.weekday, office: String(range.office_id), start: range.start, end: range.end });

/**
 * The weekly hours, Monday to Sunday, each day with its ranges (office, start, end). Saved
 * whole; the shared schema checks before sending, the server again (and for orphans).
 */
export function WeeklyScheduleForm({ schedule, onSaved }: { schedule: Schedule; onSaved: (schedule: Schedule) => void }) {
  const t = useTranslations('ClinicSchedule.weekly');
  const days = useTranslations('ClinicSchedule.weekdays');
  const locale = useLocale();
  const errorText = useScheduleError();
  const [rows, setRows] = useState<Row[]>(() => schedule.ranges.map(rowOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [orphans, setOrphans] = useState<OrphanAppointment[] | null>(null);
  const [saving, setSaving] = useState(false);
  const officeOptions = schedule.offices;

  const update = (key: number, change: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const add = (weekday: number) => {
    const office = officeOptions.find((o) => o.is_available && !o.is_virtual) ?? officeOptions[0];
    setRows((all) => [...all, { key: nextKey++, weekday, office: office ? String(office.id) : '', start: '09:00', end: '17:00' }]);
  };
  const remove = (key: number) => setRows((all) => all.filter((r) => r.key !== key));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOrphans(null);
    // The index of each range in the request is its row's place in `rows`: errors map back by it.
    const ranges = rows.map((r) => ({ office_id: Number(r.office) || 0, weekday: r.weekday, start: r.start, end: r.end }));
    const parsed = scheduleSchema.safeParse({ ranges });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await saveSchedule(parsed.data.ranges);
      setRows(saved.ranges.map(rowOf));
      onSaved(saved);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal?.orphans) setOrphans(refusal.orphans);
      else if (refusal) setErrors(firstServerErrors(refusal.fieldErrors));
    } finally {
      setSaving(false);
    }
  };

  const officeLabel = (office: ScheduleOffice) =>
    !office.is_available ? t('unavailable', { name: office.name }) : office.is_virtual ? t('virtual', { name: office.name }) : office.name;
  const hasRowErrors = Object.keys(errors).some((k) => k.startsWith('ranges.'));

  return (
    <section aria-labelledby="weekly-heading" className={styles.section}>
      <h2 id="weekly-heading">{t('heading')}</h2>
      <p className={styles.muted}>{t('intro')}</p>
      <form method="post" onSubmit={submit} noValidate>
        {hasRowErrors || errors.ranges ? (
          <p className={formStyles.error} role="alert">
            {errors.ranges ? errorText(errors.ranges) : t('invalid')}
          </p>
        ) : null}
        {WEEKDAYS.map((weekday) => {
          const day = days(String(weekday) as '1');
          // Mid-sentence, French writes weekdays in lower case ("le lundi").
          const dayInText = locale === 'fr' ? day.toLocaleLowerCase('fr') : day;
          const dayRows = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.weekday === weekday);
          return (
            <fieldset key={weekday} className={styles.day}>
              <legend>{day}</legend>
              {dayRows.length === 0 ? <p className={styles.muted}>{t('dayOff')}</p> : null}
              {dayRows.map(({ row, index }, number) => {
                const id = `range-${row.key}`;
                const fieldError = (field: string) => errorText(errors[`ranges.${index}.${field}`]);
                const control = (field: 'office_id' | 'start' | 'end') => {
                  const message = fieldError(field);
                  return {
                    id: `${id}-${field}`,
                    'aria-invalid': message ? (true as const) : undefined,
                    'aria-describedby': message ? `${id}-${field}-error` : undefined,
                  };
                };
                const label = t('rangeLabel', { day, number: number + 1 });
                return (
                  <div key={row.key} className={styles.range} role="group" aria-label={label}>
                    <div className={styles.cell}>
                      <label htmlFor={`${id}-office_id`}>{t('office')}</label>
                      <select
                        {...control('office_id')}
                        className={formStyles.input}
                        value={row.office}
                        onChange={(e) => update(row.key, { office: e.target.value })}
                      >
                        {officeOptions.map((office) => (
                          <option key={office.id} value={office.id}>
                            {officeLabel(office)}
                          </option>
                        ))}
                      </select>
                      <FieldError id={`${id}-office_id-error`} text={fieldError('office_id')} />
                    </div>
                    {(['start', 'end'] as const).map((field) => (
                      <div key={field} className={styles.cell}>
                        <label htmlFor={`${id}-${field}`}>{t(field)}</label>
                        <input
                          {...control(field)}
                          type="time"
                          step={900}
                          min="06:00"
                          max="22:00"
                          className={formStyles.input}
                          value={row[field]}
                          onChange={(e) => update(row.key, { [field]: e.target.value })}
                        />
                        <FieldError id={`${id}-${field}-error`} text={fieldError(field)} />
                      </div>
                    ))}
                    <button
                      type="button"
                      className={`button button--secondary ${styles.remove}`}
                      aria-label={t('removeRange', { day: dayInText, number: number + 1 })}
                      onClick={() => remove(row.key)}
                    >
                      {t('remove')}
                    </button>
                  </div>
                );
              })}
              <button
                type="button"
                className="button button--secondary"
                aria-label={t('addOn', { day: dayInText })}
                disabled={rows.length >= MAX_SCHEDULE_RANGES}
                onClick={() => add(weekday)}
              >
                {t('add')}
              </button>
            </fieldset>
          );
        })}
        {rows.length >= MAX_SCHEDULE_RANGES ? <p className={styles.muted}>{t('tooMany', { max: MAX_SCHEDULE_RANGES })}</p> : null}
        <button type="submit" className="button button--primary" disabled={saving} aria-disabled={saving}>
          {saving ? t('saving') : t('save')}
        </button>
      </form>
      {orphans ? <OrphanList kind="schedule" appointments={orphans} /> : null}
    </section>
  );
}

export function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className={formStyles.error}>
      {text}
    </p>
  ) : null;
}
