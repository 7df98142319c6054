'use client';

import { useTranslations } from 'next-intl';
import { formatPhone } from '@/lib/format/phone';
import type { FieldSpec } from '@/lib/schemas/intake/layout/spec';
import styles from './review.module.css';
import { useIntakeTexts } from './useIntakeTexts';

/** A repeatable field (medications, specialists, the food journal): one table row per entry. */
export function RowsTable({ step, field, rows }: { step: string; field: FieldSpec; rows: unknown }) {
  const t = useTranslations('IntakeReview.values');
  const texts = useIntakeTexts();
  const label = texts.label(step, field.name);
  const columns = field.columns ?? [];
  const entries = (Array.isArray(rows) ? rows : []).filter(
    (row): row is Record<string, unknown> => typeof row === 'object' && row !== null,
  );

  if (entries.length === 0) {
    return (
      <div className={styles.rows}>
        <p className={styles.rowsLabel}>{label}</p>
        <p className={styles.muted}>{texts.rowsEmpty(step, field.name) ?? t('noRows')}</p>
      </div>
    );
  }

  const cell = (column: FieldSpec, value: unknown) => {
    const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
    if (text === '') {
      return (
        <>
          <span aria-hidden="true">—</span>
          <span className="visually-hidden">{t('notAnswered')}</span>
        </>
      );
    }
    if (column.kind === 'select' || column.kind === 'radio') return texts.columnOption(step, field.name, column.name, text);
    if (column.kind === 'tel') return formatPhone(text);
    return text;
  };

  return (
    <div className={styles.rows}>
      {/* Wide tables (the food journal) scroll sideways on a phone rather than widen the page. */}
      <div className={styles.tableScroll} role="region" aria-label={label} tabIndex={0}>
        <table className={styles.table}>
          <caption className={styles.rowsLabel}>{label}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.name} scope="col">
                  {texts.columnLabel(step, field.name, column.name)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((row, index) => (
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column.name}>{cell(column, row[column.name])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
