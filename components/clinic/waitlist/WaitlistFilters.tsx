'use client';

import { useTranslations } from 'next-intl';
import type { ClinicWaitlistQuery } from '@/lib/api/clinicWaitlist';
import styles from './waitlist.module.css';
import type { SeenOptions, WaitlistOption } from './useWaitlist';

interface Props {
  query: ClinicWaitlistQuery;
  options: SeenOptions;
  onChange: (query: ClinicWaitlistQuery) => void;
}

type IdFilter = 'service_id' | 'employee_id' | 'office_id';

/** Service, dietitian, office and a date: each change asks for the list again. */
export function WaitlistFilters({ query, options, onChange }: Props) {
  const t = useTranslations('ClinicWaitlist.filters');
  const entryText = useTranslations('ClinicWaitlist');
  const filtered = Object.values(query).some((value) => value !== undefined);

  const select = (name: IdFilter, label: string, all: string, choices: WaitlistOption[]) => {
    const id = `waitlist-filter-${name}`;
    return (
      <div className={styles.filter}>
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          className={styles.control}
          value={query[name] ?? ''}
          onChange={(event) => onChange({ ...query, [name]: event.target.value ? Number(event.target.value) : undefined })}
        >
          <option value="">{all}</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
      </div>
    );
  };

  return (
    <fieldset className={styles.filters}>
      <legend>{t('legend')}</legend>
      <div className={styles.filterGrid}>
        {select('service_id', t('service'), t('allServices'), options.services)}
        {select('employee_id', t('dietitian'), t('allDietitians'), options.dietitians)}
        {select(
          'office_id',
          t('office'),
          t('allOffices'),
          options.offices.map((office) => (office.is_virtual ? { id: office.id, name: entryText('virtual') } : office)),
        )}
        <div className={styles.filter}>
          <label htmlFor="waitlist-filter-date">{t('date')}</label>
          <input
            id="waitlist-filter-date"
            type="date"
            className={styles.control}
            aria-describedby="waitlist-filter-date-hint"
            value={query.date ?? ''}
            onChange={(event) => onChange({ ...query, date: event.target.value || undefined })}
          />
          <p id="waitlist-filter-date-hint" className={styles.hint}>
            {t('dateHint')}
          </p>
        </div>
      </div>
      {/* Always there, so focus stays on it once the filters are cleared. */}
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={!filtered || undefined}
        onClick={() => {
          if (filtered) onChange({});
        }}
      >
        {t('clear')}
      </button>
    </fieldset>
  );
}
