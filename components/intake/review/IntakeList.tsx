'use client';

import { useLocale, useTranslations } from 'next-intl';
import listStyles from '@/components/ui/list.module.css';
import { ListPagination } from '@/components/ui/ListPagination';
import { ListSearch } from '@/components/ui/ListSearch';
import text from '@/components/ui/text.module.css';
import { useListQuery } from '@/components/ui/useListQuery';
import { dateLanguage, formatDateTime } from '@/lib/format/dates';
import { Link } from '@/lib/i18n/navigation';
import { useUserStore } from '@/stores/StoresProvider';
import styles from './review.module.css';
import { useIntakeList } from './useIntakeList';

/**
 * The intake submissions the reader may open: every one, newest first and searchable, for an
 * employee; their own for a patient (the API decides which). The search stays in the page's
 * state, never in its address: a patient's name is not for URLs or analytics.
 */
export function IntakeList() {
  const t = useTranslations('IntakeReview.list');
  const languages = useTranslations('IntakeReview.languages');
  const language = dateLanguage(useLocale());
  const profile = useUserStore((s) => s.profile);
  const isEmployee = profile?.is_employee === true;
  const { query, draft, setDraft, headingRef, controls } = useListQuery();
  const list = useIntakeList(query);
  const { submit, clear, toPage } = controls(list.starting);

  const { data, answered, loading, failed } = list;
  const pages = data ? Math.max(1, Math.ceil(data.count / Math.max(1, data.page_size))) : 1;
  const when = (iso: string) =>
    formatDateTime(iso, language, 'medium');

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
        <h2 id="intake-list-heading" ref={headingRef} tabIndex={-1} className={text.focusTarget}>
          {isEmployee ? t('headingEmployee') : t('headingPatient')}
        </h2>
      ) : null}

      {isEmployee ? (
        <ListSearch
          id="intake-search"
          namespace="IntakeReview.list"
          className={styles.search}
          draft={draft}
          onDraft={setDraft}
          onSubmit={submit}
          onClear={clear}
          searching={query.search !== ''}
        />
      ) : null}

      <p className={styles.muted} role="status">
        {status}
      </p>

      {failed ? (
        <div className={`${text.alert} ${styles.alert}`} role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={list.retry}>
            {t('retry')}
          </button>
        </div>
      ) : null}

      {data && data.results.length > 0 ? (
        <ul className={styles.list} aria-busy={loading}>
          {data.results.map((intake) => (
            <li key={intake.id} className={listStyles.item}>
              <Link
                className={listStyles.itemLink}
                href={{ pathname: '/profile/intake-forms/[id]', params: { id: intake.id } }}
              >
                {isEmployee ? `${intake.first_name} ${intake.last_name}`.trim() : t('submittedOn', { date: when(intake.submitted_at) })}
              </Link>
              <dl className={`${listStyles.meta} ${styles.meta}`}>
                {isEmployee ? (
                  <>
                    <div>
                      <dt>{t('email')}</dt>
                      <dd className={text.breakable}>{intake.email}</dd>
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

      {pages > 1 ? (
        <ListPagination
          namespace="IntakeReview.pagination"
          className={styles.pagination}
          page={query.page}
          pages={pages}
          busy={loading}
          onPage={toPage}
        />
      ) : null}

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
