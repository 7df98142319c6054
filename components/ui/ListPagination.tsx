'use client';

import { useTranslations } from 'next-intl';
import styles from './list.module.css';

/** Previous and next buttons around "Page n of m"; the texts come from the list's own namespace. */
export function ListPagination({
  namespace,
  page,
  pages,
  busy,
  onPage,
  className,
}: {
  namespace: 'ClinicPatients.pagination' | 'IntakeReview.pagination';
  page: number;
  pages: number;
  busy: boolean;
  onPage: (page: number) => void;
  /** The list's own spacing around the buttons. */
  className?: string;
}) {
  const t = useTranslations(namespace);
  return (
    <nav className={className ? `${styles.pagination} ${className}` : styles.pagination} aria-label={t('label')}>
      <button type="button" className="button button--secondary" disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </button>
      <span>{t('status', { page, pages })}</span>
      <button type="button" className="button button--secondary" disabled={busy || page >= pages} onClick={() => onPage(page + 1)}>
        {t('next')}
      </button>
    </nav>
  );
}
