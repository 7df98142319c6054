'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { StaffOnlyNotice } from '@/components/clinic/patients/StaffOnly';
import { readApiFailure } from '@/lib/api/auth';
import { groupSessionChoices, listGroupSessions } from '@/lib/api/clinicGroups';
import { dateLanguage, formatLocalDate, formatTimeRange, localDateOf } from '@/lib/format/dates';
import type { GroupSessionChoices, GroupSessionView } from '@/lib/schemas/groupSessions';
import { GroupSessionForm } from './GroupSessionForm';
import { SessionHandoutsPanel, TopicHandouts } from './Handouts';
import { SessionActions } from './SessionActions';
import styles from './groups.module.css';

/** How far ahead the page lists sessions. */
const WEEKS_SHOWN = 8;
/** How far back: a session's handouts are sent after it (issue #28 item 4). */
const DAYS_BACK = 14;

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
  /** When the list was loaded: what has started by then is listed as recent (its handouts can be sent). */
  const [now, setNow] = useState(0);

  const load = useCallback(
    (signal?: AbortSignal) =>
      Promise.all([
        groupSessionChoices(signal),
        listGroupSessions(localDateOf(new Date(Date.now() - DAYS_BACK * 86_400_000)), DAYS_BACK + WEEKS_SHOWN * 7, signal),
      ]).then(
        ([nextChoices, nextSessions]) => {
          setChoices(nextChoices);
          setSessions(nextSessions);
          setNow(Date.now());
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

  const byDate = (list: GroupSessionView[]) => {
    const days = new Map<string, GroupSessionView[]>();
    for (const session of list) {
      const date = localDateOf(session.start);
      days.set(date, [...(days.get(date) ?? []), session]);
    }
    return days;
  };
  const recent = byDate(sessions.filter((session) => Date.parse(session.start) <= now));
  const upcoming = byDate(sessions.filter((session) => Date.parse(session.start) > now));
  const announce = (message: string) => {
    setAnnouncement(message);
    void load();
  };
  const day = ([date, list]: [string, GroupSessionView[]]) => (
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
            {session.status === 'scheduled' && Date.parse(session.start) > now ? (
              <SessionActions
                // Its fields start from the session as listed: a change anywhere in a series reloads them.
                key={`${session.id}-${session.capacity}-${session.start}`}
                session={session}
                offices={choices.offices}
                onDone={announce}
              />
            ) : null}
            {session.status !== 'cancelled' ? <SessionHandoutsPanel session={session} started={Date.parse(session.start) <= now} onChanged={(message) => setAnnouncement(message)} /> : null}
          </li>
        ))}
      </ul>
    </div>
  );

  return (
    <div className={styles.groups}>
      {announcement ? (
        <p className={styles.announcement} role="status">
          {announcement}
        </p>
      ) : null}
      <GroupSessionForm
        choices={choices}
        onScheduled={announce}
        onStarting={() => setAnnouncement('')}
      />
      <TopicHandouts topics={choices.topics} onChanged={(message) => setAnnouncement(message)} />
      <section aria-labelledby="group-sessions-recent">
        <h2 id="group-sessions-recent" className={styles.heading}>
          {t('recent')}
        </h2>
        {recent.size === 0 ? <p className={styles.muted}>{t('noneRecent')}</p> : null}
        {[...recent].reverse().map(day)}
      </section>
      <section aria-labelledby="group-sessions-upcoming">
        <h2 id="group-sessions-upcoming" className={styles.heading}>
          {t('upcoming')}
        </h2>
        {upcoming.size === 0 ? <p className={styles.muted}>{t('none')}</p> : null}
        {[...upcoming].map(day)}
      </section>
    </div>
  );
}
