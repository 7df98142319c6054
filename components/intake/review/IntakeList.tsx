'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useRef, useState, type FormEvent } from 'react';
import { clinic } from '@/lib/clinic';
import { Link } from '@/lib/i18n/navigation';
import { useUserStore } from '@/stores/StoresProvider';
import { ListPagination } from './ListPagination';
import styles from './review.module.css';
import { useIntakeList, type IntakeListQuery } from './useIntakeList';

/**
 * The intake submissions the reader may open: every one, newest first and searchable, for an
 * employee; their own for a patient (the API decides which). The search stays in the page's
 * state, never in its address: a patient's name is not for URLs or analytics.
 */
export function IntakeList() {
  const t = useTranslations('IntakeReview.list');
  const languages = useTranslations('IntakeReview.languages');
  const format = useFormatter();
  const profile = useUserStore((s) => s.profile);
  const isEmployee = profile?.is_employee === true;
  const [query, setQuery] = useState<IntakeListQuery>({ search: '', page: 1 });
  const [draft, setDraft] = useState('');
  const list = useIntakeList(query);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const go = (next: IntakeListQuery) => {
    if (next.search === query.search && next.page === query.page) return;
    list.starting();
    setQuery(next);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ search: draft.trim(), page: 1 });
  };
  const clear = () => {
    setDraft('');
    go({ search: '', page: 1 });
  };
  const toPage = (page: number) => {
    go({ ...query, page });
    // The button pressed may be disabled while the page loads: focus goes back to the list's top.
    headingRef.current?.focus();
  };

  const { data, answered, loading, failed } = list;
  const pages = data ? Math.max(1, Math.ceil(data.count / Math.max(1, data.page_size))) : 1;
  const when = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short', timeZone: clinic.timeZone });

  let status = '';
  if (loading) status = t('loading');
  else if (data && answered?.search) {
    const search = answered.search;
    status = data.count === 0 ? t('searchNone', { search }) : t('summarySearch', { count: data.count, search });
  } else if (data && data.count === 0) status = isEmployee ? t('emptyEmployee') : t('emptyPatient');
  else if (data) status = t('summary', { count: data.count });

  return (
    <section className={styles.listSection} aria-labelledby={profile ? 'intake-list-heading' : undefined}>
      {profile ? (
        <h2 id="intake-list-heading" ref={headingRef} tabIndex={-1} className={styles.focusTarget}>
          {isEmployee ? t('headingEmployee') : t('headingPatient')}
        </h2>
      ) : null}

      {isEmployee ? (
        <form role="search" className={styles.search} onSubmit={submit}>
          <label htmlFor="intake-search">{t('searchLabel')}</label>
          <div className={styles.searchRow}>
            <input
              id="intake-search"
              type="search"
              className={styles.input}
              value={draft}
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit" className="button button--primary">
              {t('search')}
            </button>
            {query.search ? (
              <button type="button" className="button button--secondary" onClick={clear}>
                {t('clearSearch')}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}

      <p className={styles.muted} role="status">
        {status}
      </p>

      {failed ? (
        <div className={styles.alert} role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={list.retry}>
            {t('retry')}
          </button>
        </div>
      ) : null}

      {data && data.results.length > 0 ? (
        <ul className={styles.list} aria-busy={loading}>
          {data.results.map((intake) => (
            <li key={intake.id} className={styles.item}>
              <Link
                className={styles.itemLink}
                href={{ pathname: '/profile/intake-forms/[id]', params: { id: intake.id } }}
              >
                {isEmployee ? `${intake.first_name} ${intake.last_name}`.trim() : t('submittedOn', { date: when(intake.submitted_at) })}
              </Link>
              <dl className={styles.meta}>
                {isEmployee ? (
                  <>
                    <div>
                      <dt>{t('email')}</dt>
                      <dd className={styles.breakable}>{intake.email}</dd>
                    </div>
                    <div>
                      <dt>{t('submitted')}</dt>
                      <dd>
                        <time dateTime={intake.submitted_at}>{when(intake.submitted_at)}</time>
                      </dd>
                    </div>
                  </>
                ) : null}
                <div>
                  <dt>{t('language')}</dt>
                  <dd>{languages(intake.language)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      ) : null}

      {pages > 1 ? <ListPagination page={query.page} pages={pages} busy={loading} onPage={toPage} /> : null}

      {profile && !isEmployee ? (
        <p>
          <Link className="button button--secondary" href="/patient-form">
            {t('fillForm')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
