'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { SelectField } from '@/components/ui/form/Field';
import { FormAlert } from '@/components/ui/form/FormParts';
import { readApiFailure } from '@/lib/api/auth';
import { listRecordsRequests } from '@/lib/api/clinicRecords';
import type { RecordsRequestView } from '@/lib/schemas/recordsRequests';
import { useUserStore } from '@/stores/StoresProvider';
import { NewRequestForm } from './NewRequestForm';
import { RequestsTable } from './RequestsTable';
import styles from './records.module.css';

/**
 * The records requests page (inside RequireAuth, issue #30 item 5): administrators record the
 * access and correction requests the clinic receives, see each one's due date (30 days after it
 * was received) and complete or refuse it with its outcome. Others get a short explanation (the
 * API answers 403).
 */
export function RecordsRequests() {
  const t = useTranslations('RecordsRequests');
  const profile = useUserStore((s) => s.profile);
  const isAdmin = profile?.is_employee === true && profile.employee_data?.is_admin === true;

  if (!profile) {
    return (
      <p className={styles.muted} role="status">
        {t('loading')}
      </p>
    );
  }
  if (!isAdmin) return <AdminsOnly employee={profile.is_employee} />;
  return <RecordsRequestsDesk />;
}

function AdminsOnly({ employee }: { employee: boolean }) {
  const t = useTranslations('RecordsRequests');
  return (
    <FormAlert tone="info">
      <p>{employee ? t('adminsOnly') : t('staffOnly')}</p>
    </FormAlert>
  );
}

type Shown = 'open' | 'all';

function RecordsRequestsDesk() {
  const t = useTranslations('RecordsRequests');
  const locale = useLocale();
  const [shown, setShown] = useState<Shown>('all');
  const [requests, setRequests] = useState<RecordsRequestView[] | null>(null);
  const [problem, setProblem] = useState<'adminsOnly' | 'failed' | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [attempt, setAttempt] = useState(0);

  const load = useCallback(
    (signal?: AbortSignal) =>
      listRecordsRequests(shown, signal).then(
        (next) => {
          setRequests(next);
          setProblem(null);
        },
        (failure: unknown) => {
          if (signal?.aborted) return;
          setProblem(readApiFailure(failure).status === 403 ? 'adminsOnly' : 'failed');
        },
      ),
    [shown],
  );

  // Again when the language changes: the server's texts come back in it.
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load, locale, attempt]);

  if (problem === 'adminsOnly') return <AdminsOnly employee />;

  const announce = (message: string) => {
    setAnnouncement(message);
    void load();
  };

  return (
    <div className={styles.page}>
      {/* Always present, so a confirmation is announced when it appears. */}
      <div role="status" className={announcement ? styles.announcement : undefined}>
        {announcement ? <p>{announcement}</p> : null}
      </div>
      <NewRequestForm onStarting={() => setAnnouncement('')} onRecorded={announce} />
      <section aria-labelledby="records-requests-list" className={styles.section}>
        <h2 id="records-requests-list">{t('list.heading')}</h2>
        <div className={styles.filter}>
          <SelectField
            label={t('list.show')}
            value={shown}
            onChange={(event) => setShown(event.target.value === 'open' ? 'open' : 'all')}
            options={[
              { value: 'all', label: t('list.showAll') },
              { value: 'open', label: t('list.showOpen') },
            ]}
          />
        </div>
        {problem === 'failed' ? (
          <div role="alert" className={styles.failure}>
            <p>{t('loadFailed')}</p>
            <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('retry')}
            </button>
          </div>
        ) : requests === null ? (
          <p className={styles.muted} role="status">
            {t('loading')}
          </p>
        ) : requests.length === 0 ? (
          <p className={styles.muted}>{shown === 'open' ? t('list.emptyOpen') : t('list.empty')}</p>
        ) : (
          <RequestsTable requests={requests} onHandled={announce} onStarting={() => setAnnouncement('')} />
        )}
      </section>
    </div>
  );
}
