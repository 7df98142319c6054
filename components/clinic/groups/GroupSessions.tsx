'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { StaffOnlyNotice } from '@/components/clinic/patients/StaffOnly';
import { readApiFailure } from '@/lib/api/auth';
import { groupSessionChoices, listGroupSessions } from '@/lib/api/clinicGroups';
import { dateLanguage, formatLocalDate, formatTimeRange, localDateOf } from '@/lib/format/dates';
import type { GroupSessionChoices, GroupSessionView } from '@/lib/schemas/groupSessions';
import { GroupSessionForm } from './GroupSessionForm';
import { SessionActions } from './SessionActions';
import styles from './groups.module.css';

/** How far ahead the page lists sessions. */
const WEEKS_SHOWN = 8;

/**
 * The clinic's group sessions (issue #28): a form to schedule a session or a weekly series, and
 * the sessions of the coming weeks by date, each with its topic, dietitian, place and seats
 * taken. For every employee; a patient gets the staff notice (the API refuses them).
 */
export function GroupSessions() {
  const t = useTranslations('ClinicGroups');
  const locale = useLocale();
  const language = dateLanguage(locale);
  const [choices, setChoices] = useState<GroupSessionChoices | null>(null);
  const [sessions, setSessions] = useState<GroupSessionView[] | null>(null);
  const [problem, setProblem] = useState<'staffOnly' | 'failed' | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [attempt, setAttempt] = useState(0);

  const load = useCallback(
    (signal?: AbortSignal) =>
      Promise.all([groupSessionChoices(signal), listGroupSessions(localDateOf(new Date()), WEEKS_SHOWN * 7, signal)]).then(
        ([nextChoices, nextSessions]) => {
          setChoices(nextChoices);
          setSessions(nextSessions);
          setProblem(null);
        },
        (failure: unknown) => {
          if (signal?.aborted) return;
          setProblem(readApiFailure(failure).status === 403 ? 'staffOnly' : 'failed');
        },
      ),
    [],
  );

  // Again when the language changes: topics and places come back in it.
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load, locale, attempt]);

  if (problem === 'staffOnly') return <StaffOnlyNotice />;
  if (problem === 'failed') {
    return (
      <div role="alert">
        <p>{t('failed')}</p>
        <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!choices || !sessions) return <p role="status">{t('loading')}</p>;

  const byDate = new Map<string, GroupSessionView[]>();
  for (const session of sessions) {
    const date = localDateOf(session.start);
    byDate.set(date, [...(byDate.get(date) ?? []), session]);
  }

  return (
    <div className={styles.groups}>
      {announcement ? (
        <p className={styles.announcement} role="status">
          {announcement}
        </p>
      ) : null}
      <GroupSessionForm
        choices={choices}
        onScheduled={(message) => {
          setAnnouncement(message);
          void load();
        }}
        onStarting={() => setAnnouncement('')}
      />
      <section aria-labelledby="group-sessions-upcoming">
        <h2 id="group-sessions-upcoming" className={styles.heading}>
          {t('upcoming')}
        </h2>
        {byDate.size === 0 ? <p className={styles.muted}>{t('none')}</p> : null}
        {[...byDate].map(([date, list]) => (
          <div key={date}>
            <h3 className={styles.day}>{formatLocalDate(date, language, 'full')}</h3>
            <ul className={styles.sessions}>
              {list.map((session) => (
                <li key={session.id} className={styles.session}>
                  <span className={styles.sessionTitle}>
                    {session.topic.title}
                    {session.series_id !== null ? ` · ${t('series')}` : ''}
                    {session.status === 'cancelled' ? ` · ${t('cancelled')}` : ''}
                  </span>
                  <span className={styles.seats}>{t('seats', { taken: session.seats_taken, capacity: session.capacity })}</span>
                  <span className={styles.muted}>
                    {formatTimeRange(session.start, session.end, language)} · {session.dietitian.name} · {session.office.name} ·{' '}
                    {t(session.session_language === 'fr' ? 'french' : 'english')}
                  </span>
                  {session.status === 'scheduled' && Date.parse(session.start) > Date.now() ? (
                    <SessionActions
                      // Its fields start from the session as listed: a change anywhere in a series reloads them.
                      key={`${session.id}-${session.capacity}-${session.start}`}
                      session={session}
                      offices={choices.offices}
                      onDone={(message) => {
                        setAnnouncement(message);
                        void load();
                      }}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </div>
  );
}
