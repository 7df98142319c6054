'use client';

import { useTranslations } from 'next-intl';
import styles from './review.module.css';

/** Previous and next buttons around "Page n of m". */
export function ListPagination({
  page,
  pages,
  busy,
  onPage,
}: {
  page: number;
  pages: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const t = useTranslations('IntakeReview.pagination');
  return (
    <nav className={styles.pagination} aria-label={t('label')}>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('previous')}
      </button>
      <span>{t('status', { page, pages })}</span>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy || page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('next')}
      </button>
    </nav>
  );
}
