'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import tableStyles from '@/components/ui/table.module.css';
import { readApiFailure } from '@/lib/api/auth';
import { chartPdfHref, getChart } from '@/lib/api/chart';
import { dateLanguage, formatDate } from '@/lib/format/dates';
import { Link } from '@/lib/i18n/navigation';
import type { ChartEntryView, ChartView } from '@/lib/schemas/chart';
import styles from './chart.module.css';
import { EntryActions } from './EntryActions';
import { EntryBody } from './EntryBody';
import { NewEntry } from './NewEntry';

/**
 * A patient's clinical record (issue #40): a new entry (for a visit without a note, or on its
 * own), weight and BMI over time (the server's SVG, with the same figures as a table), the chart
 * as a PDF, and every entry newest first with what can still be done with it.
 */
export function ChartPage({ patientId }: { patientId: string }) {
  const t = useTranslations('Chart.page');
  const [chart, setChart] = useState<ChartView | null>(null);
  const [problem, setProblem] = useState<{ status: number | null; message: string | null } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getChart(patientId, controller.signal).then(
      (loaded) => {
        setChart(loaded);
        setProblem(null);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setProblem(readApiFailure(error));
      },
    );
    return () => controller.abort();
  }, [patientId, attempt]);

  const replace = (changed: ChartEntryView) =>
    setChart((previous) => (previous ? { ...previous, entries: previous.entries.map((entry) => (entry.id === changed.id ? changed : entry)) } : previous));

  const back = (
    <p>
      <Link href={{ pathname: '/profile/patients/[id]', params: { id: patientId } }}>{t('backToPatient')}</Link>
    </p>
  );
  if (problem && !chart) {
    return (
      <div className={styles.page}>
        {back}
        <div className={styles.alert} role="alert">
          <p>{problem.message ?? t('loadFailed')}</p>
          {problem.status !== 403 && problem.status !== 404 ? (
            <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('retry')}
            </button>
          ) : null}
        </div>
      </div>
    );
  }
  if (!chart) {
    return (
      <p className={styles.muted} role="status">
        {t('loading')}
      </p>
    );
  }
  return (
    <div className={styles.page}>
      {back}
      <h2>{chart.patient.name}</h2>
      {chart.patient.closed ? <p className={styles.notice}>{t('closed')}</p> : null}
      <p className={styles.muted}>{t('auditNotice')}</p>

      <NewEntry patientId={chart.patient.id} visits={chart.unnoted_visits} />
      <Progress chart={chart} />
      <PdfLinks patientId={chart.patient.id} />

      <section aria-labelledby="chart-entries" className={styles.block}>
        <h3 id="chart-entries">{t('entriesHeading')}</h3>
        {chart.private_count > 0 ? <p className={styles.muted}>{t('privateCount', { count: chart.private_count })}</p> : null}
        {chart.entries.length === 0 ? <p>{t('entriesNone')}</p> : null}
        <ul className={styles.entries}>
          {chart.entries.map((entry) => (
            <li key={entry.id}>
              <article className={`${styles.entry} ${entry.error ? styles.struck : ''}`}>
                <EntryBody entry={{ ...entry, author: entry.author.name }} />
                {entry.can.edit ? (
                  <p>
                    <Link className="button button--secondary" href={{ pathname: '/profile/chart-entries/[id]', params: { id: entry.id } }}>
                      {t('openDraft')}
                    </Link>
                  </p>
                ) : null}
                <EntryActions entry={entry} onChanged={replace} />
              </article>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function Progress({ chart }: { chart: ChartView }) {
  const t = useTranslations('Chart.page');
  const locale = useLocale();
  const language = dateLanguage(locale);
  const number = (value: number) => new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { maximumFractionDigits: 1 }).format(value);
  const { points, svg } = chart.progress;
  return (
    <section aria-labelledby="chart-progress" className={styles.block}>
      <h3 id="chart-progress">{t('progressHeading')}</h3>
      {points.length === 0 ? <p>{t('progressNone')}</p> : null}
      {points.length === 1 ? <p className={styles.muted}>{t('progressOne')}</p> : null}
      {/* Drawn by the server from numbers only (lib/server/chart/progressSvg.ts): no text of anyone's in it. */}
      {svg ? <div className={styles.progress} dangerouslySetInnerHTML={{ __html: svg }} /> : null}
      {points.length ? (
        <div className={tableStyles.tableScroll} role="region" aria-labelledby="chart-progress-caption" tabIndex={0}>
          <table className={tableStyles.table}>
            <caption id="chart-progress-caption" className={tableStyles.caption}>
              {t('progressTable')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('date')}</th>
                <th scope="col">{t('weightKg')}</th>
                <th scope="col">{t('bmi')}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.at}>
                  <th scope="row">{formatDate(point.at, language, 'medium')}</th>
                  <td>{number(point.weight_kg)}</td>
                  <td>{point.bmi === null ? '—' : number(point.bmi)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function PdfLinks({ patientId }: { patientId: number }) {
  const t = useTranslations('Chart.page');
  const [language, setLanguage] = useState<'en' | 'fr'>(useLocale() === 'fr' ? 'fr' : 'en');
  return (
    <section aria-labelledby="chart-pdf" className={styles.block}>
      <h3 id="chart-pdf">{t('pdfHeading')}</h3>
      <div className={styles.row}>
        <label>
          {t('pdfLanguage')}{' '}
          <select value={language} onChange={(event) => setLanguage(event.target.value as 'en' | 'fr')}>
            <option value="en">{t('languages.en')}</option>
            <option value="fr">{t('languages.fr')}</option>
          </select>
        </label>
        <a className="button button--secondary" href={chartPdfHref(patientId, language)} download>
          {t('pdfDownload')}
        </a>
      </div>
    </section>
  );
}
