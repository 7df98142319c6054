'use client';

import { useLocale, useTranslations } from 'next-intl';
import { dateLanguage, formatDate, formatDateTime } from '@/lib/format/dates';
import type { ChartAddendumView, ChartContent } from '@/lib/schemas/chart';
import { KG_PER_LB, type ChartTemplate } from '@/lib/schemas/chartValues';
import styles from './chart.module.css';

/** What an entry shows, whoever reads it: the clinic (ChartEntryView) or the patient (SharedChartEntryView). */
export interface EntryShown {
  template: ChartTemplate;
  occurred_at: string;
  signed_at: string | null;
  author: string;
  content: ChartContent;
  bmi: number | null;
  addenda: ChartAddendumView[];
  late?: boolean;
  error?: { at: string; by: string; reason: string } | null;
  content_hash?: string | null;
}

/**
 * One chart entry's fields, marks (late entry, entered in error), signature and addenda, as a
 * description list under a heading of the caller's level. Empty fields are left out.
 */
export function EntryBody({ entry, heading: Heading = 'h4' }: { entry: EntryShown; heading?: 'h2' | 'h3' | 'h4' }) {
  const t = useTranslations('Chart');
  const locale = useLocale();
  const language = dateLanguage(locale);
  const when = (iso: string) => formatDateTime(iso, language, 'long');
  const number = (value: number) => new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { maximumFractionDigits: 1 }).format(value);
  const c = entry.content;
  const weight =
    c.weight_kg === null ? null : c.weight_unit === 'lb' ? `${number(c.weight_kg / KG_PER_LB)} ${t('lb')} (${number(c.weight_kg)} ${t('kg')})` : `${number(c.weight_kg)} ${t('kg')}`;
  const measures = [
    weight ? `${t('fields.weight')} ${weight}` : null,
    c.height_cm !== null ? `${t('fields.height')} ${number(c.height_cm)}` : null,
    c.waist_cm !== null ? `${t('fields.waist')} ${number(c.waist_cm)}` : null,
    entry.bmi !== null ? t('bmiValue', { bmi: number(entry.bmi), date: formatDate(entry.occurred_at, language, 'medium') }) : null,
  ].filter(Boolean);
  const rows: Array<[string, string]> = [
    [t('fields.subject'), c.subject],
    [t('fields.measurements'), measures.join('\n')],
    [t('fields.assessment'), c.assessment],
    [t('fields.diagnoses'), c.diagnoses.map((d) => t('pes', { problem: d.problem, etiology: d.etiology, signs: d.signs })).join('\n')],
    [t('fields.intervention'), c.intervention],
    [t('fields.monitoring'), c.monitoring],
    [t('fields.goals'), c.goals.map((g) => `${g.goal} (${t('fields.target')} ${g.target}, ${t(`goalStatus.${g.status}`)})`).join('\n')],
    [t('fields.note'), c.note],
  ];
  const shown = rows.filter(([, value]) => value.trim() !== '');

  return (
    <>
      <Heading>
        {t(`templates.${entry.template}`)} — {when(entry.occurred_at)}
      </Heading>
      <p className={styles.muted}>
        {t('byline', { author: entry.author })} · <span className={styles.badge}>{entry.signed_at ? t('signed') : t('draft')}</span>
      </p>
      {entry.late && entry.signed_at ? <p className={styles.late}>{t('late', { care: when(entry.occurred_at), signed: when(entry.signed_at) })}</p> : null}
      {entry.error ? <p className={styles.late}>{t('struck', { date: when(entry.error.at), author: entry.error.by, reason: entry.error.reason })}</p> : null}
      {shown.length ? (
        <dl className={styles.fields}>
          {shown.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className={styles.muted}>{t('empty')}</p>
      )}
      {entry.signed_at ? (
        <p className={styles.signature}>
          {t('signedBy', { author: entry.author, date: when(entry.signed_at) })}
          {entry.content_hash ? (
            <>
              <br />
              <span className={styles.hash}>{t('hash', { hash: entry.content_hash })}</span>
            </>
          ) : null}
        </p>
      ) : null}
      {entry.addenda.length ? (
        <ul className={styles.addenda} aria-label={t('addenda')}>
          {entry.addenda.map((addendum) => (
            <li key={`${addendum.created_at}-${addendum.text.slice(0, 20)}`}>
              <p className={styles.addendumTitle}>{t(`addendum.${addendum.kind}`, { author: addendum.author, date: when(addendum.created_at) })}</p>
              {addendum.reason ? <p className={styles.muted}>{t('addendumReason', { reason: addendum.reason })}</p> : null}
              <p className={styles.addendumText}>{addendum.text}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
