'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { TextField } from '@/components/ui/form/Field';
import { paymentsExportUrl } from '@/lib/api/payments';
import { MAX_EXPORT_DAYS } from '@/lib/payments';
import { clinicToday } from './money';
import styles from './payments.module.css';

/** A date input's value, 'YYYY-MM-DD' (the server checks the rest; zod stays out of the agenda page). */
const isClinicDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T12:00:00Z`));

type Problem = 'required' | 'order' | 'tooLong';

/** What is wrong with a range, if anything (the server checks the same). */
export function exportRangeProblem(from: string, to: string): { field: 'from' | 'to'; problem: Problem } | null {
  if (!isClinicDate(from)) return { field: 'from', problem: 'required' };
  if (!isClinicDate(to)) return { field: 'to', problem: 'required' };
  if (from > to) return { field: 'to', problem: 'order' };
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_EXPORT_DAYS) return { field: 'to', problem: 'tooLong' };
  return null;
}

/**
 * The accountant's CSV of the payments dated in a period (this month so far by default): a plain
 * download link, its address following the dates. A wrong range says why instead of downloading.
 */
export function PaymentsExport({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const t = useTranslations('ClinicPayments.export');
  const [range, setRange] = useState(() => {
    const today = clinicToday();
    return { from: `${today.slice(0, 8)}01`, to: today };
  });
  // An empty date is only pointed out once the download is asked for; a range in the wrong
  // order or too long, as soon as it is typed.
  const [attempted, setAttempted] = useState(false);
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const Heading = `h${headingLevel}` as const;

  const wrong = exportRangeProblem(range.from, range.to);
  const shown = wrong && (attempted || wrong.problem !== 'required') ? wrong : null;
  const errorOf = (field: 'from' | 'to') => (shown?.field === field ? t(shown.problem) : undefined);

  return (
    <section className={styles.export} aria-labelledby="payments-export-heading">
      <Heading id="payments-export-heading">{t('heading')}</Heading>
      <p className={styles.muted}>{t('lead')}</p>
      <div className={styles.range}>
        <TextField
          ref={fromRef}
          id="payments-export-from"
          type="date"
          label={t('from')}
          value={range.from}
          error={errorOf('from')}
          onChange={(event) => setRange((previous) => ({ ...previous, from: event.target.value }))}
        />
        <TextField
          ref={toRef}
          id="payments-export-to"
          type="date"
          label={t('to')}
          value={range.to}
          error={errorOf('to')}
          onChange={(event) => setRange((previous) => ({ ...previous, to: event.target.value }))}
        />
      </div>
      <p>
        <a
          className="button button--secondary"
          href={paymentsExportUrl(range.from, range.to)}
          download
          aria-disabled={wrong ? true : undefined}
          onClick={(event) => {
            if (!wrong) return;
            event.preventDefault();
            setAttempted(true);
            (wrong.field === 'from' ? fromRef : toRef).current?.focus();
          }}
        >
          {t('download')}
        </a>
      </p>
    </section>
  );
}
