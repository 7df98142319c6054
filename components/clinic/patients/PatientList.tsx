'use client';

import { useLocale, useTranslations } from 'next-intl';
import listStyles from '@/components/ui/list.module.css';
import { ListPagination } from '@/components/ui/ListPagination';
import { ListSearch } from '@/components/ui/ListSearch';
import text from '@/components/ui/text.module.css';
import { useListQuery } from '@/components/ui/useListQuery';
import { dateLanguage, formatDateTime } from '@/lib/format/dates';
import { formatPhone } from '@/lib/format/phone';
import { Link } from '@/lib/i18n/navigation';
import styles from './patients.module.css';
import { StaffOnlyNotice } from './StaffOnly';
import { usePatientList } from './useClinicPatients';

/**
 * The clinic's patients, alphabetical and searchable (name, e-mail or phone number), 20 a page,
 * each linking to their record. The search stays in the page's state, never in its address: a
 * patient's name is not for URLs or analytics.
 */
export function PatientList() {
  const t = useTranslations('ClinicPatients.list');
  const language = dateLanguage(useLocale());
  const { query, draft, setDraft, headingRef, controls } = useListQuery();
  const list = usePatientList(query);
  const { submit, clear, toPage } = controls(list.starting);

  if (list.problem === 'staffOnly') return <StaffOnlyNotice />;

  const { loading, problem } = list;
  const data = list.data?.page ?? null;
  const answered = list.data?.query ?? null;
  const pages = data ? Math.max(1, Math.ceil(data.count / Math.max(1, data.page_size))) : 1;
  const when = (iso: string) => formatDateTime(iso, language, 'medium');

  let status = '';
  if (loading) status = t('loading');
  else if (data && answered?.search) {
    const search = answered.search;
    status = data.count === 0 ? t('searchNone', { search }) : t('summarySearch', { count: data.count, search });
  } else if (data) status = data.count === 0 ? t('empty') : t('summary', { count: data.count });

  return (
    <section className={styles.section} aria-labelledby="clinic-patients-heading">
      <h2 id="clinic-patients-heading" ref={headingRef} tabIndex={-1} className={text.focusTarget}>
        {t('heading')}
      </h2>

      <ListSearch
        id="clinic-patients-search"
        namespace="ClinicPatients.list"
        draft={draft}
        onDraft={setDraft}
        onSubmit={submit}
        onClear={clear}
        searching={query.search !== ''}
      />

      <p className={styles.muted} role="status">
        {status}
      </p>

      {problem === 'failed' || problem === 'notFound' ? (
        <div className={styles.alert} role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={list.reload}>
            {t('retry')}
          </button>
        </div>
      ) : null}

      {data && data.results.length > 0 ? (
        <ul className={styles.list} aria-busy={loading}>
          {data.results.map((patient) => (
            <li key={patient.id} className={listStyles.item}>
              <Link className={listStyles.itemLink} href={{ pathname: '/profile/patients/[id]', params: { id: String(patient.id) } }}>
                {patient.name}
              </Link>
              <dl className={`${listStyles.meta} ${styles.meta}`}>
                <div>
                  <dt>{t('email')}</dt>
                  <dd className={text.breakable}>{patient.email}</dd>
                </div>
                {patient.phone ? (
                  <div>
                    <dt>{t('phone')}</dt>
                    <dd>{formatPhone(patient.phone)}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>{t('preferredDietitian')}</dt>
                  <dd>{patient.preferred_dietitian ?? t('noPreference')}</dd>
                </div>
                <div>
                  <dt>{t('nextAppointment')}</dt>
                  <dd>
                    {patient.next_appointment ? (
                      <time dateTime={patient.next_appointment}>{when(patient.next_appointment)}</time>
                    ) : (
                      t('noAppointment')
                    )}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      ) : null}

      {pages > 1 ? <ListPagination namespace="ClinicPatients.pagination" page={query.page} pages={pages} busy={loading} onPage={toPage} /> : null}
    </section>
  );
}
