'use client';

import { useTranslations } from 'next-intl';
import type { FormEvent } from 'react';
import styles from './list.module.css';

/**
 * A list's search box: the term is typed into `draft` and applied on submit; "Clear" shows while a
 * search is applied. The texts come from the list's own namespace.
 */
export function ListSearch({
  id,
  namespace,
  draft,
  onDraft,
  onSubmit,
  onClear,
  searching,
  className,
}: {
  id: string;
  namespace: 'ClinicPatients.list' | 'IntakeReview.list';
  draft: string;
  onDraft: (value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClear: () => void;
  /** Whether a search is applied (so there is one to clear). */
  searching: boolean;
  /** The list's own spacing around the form. */
  className?: string;
}) {
  const t = useTranslations(namespace);
  return (
    <form method="post" role="search" className={className ? `${styles.search} ${className}` : styles.search} onSubmit={onSubmit}>
      <label htmlFor={id}>{t('searchLabel')}</label>
      <div className={styles.searchRow}>
        <input
          id={id}
          type="search"
          className={styles.input}
          value={draft}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onDraft(event.target.value)}
        />
        <button type="submit" className="button button--primary">
          {t('search')}
        </button>
        {searching ? (
          <button type="button" className="button button--secondary" onClick={onClear}>
            {t('clearSearch')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
