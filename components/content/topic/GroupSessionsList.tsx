'use client';

import { NextIntlClientProvider, useLocale, useTranslations, type Messages } from 'next-intl';
import { useEffect, useState } from 'react';
import { dateLanguage, formatDate, formatTimeRange } from '@/lib/format/dates';
import { formatPrice } from '@/lib/format/price';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import type { PublicGroupTopic } from '@/lib/schemas/groupSessions';
import styles from './groups.module.css';

export interface GroupSessionsListProps {
  locale: Locale;
  messages: Pick<Messages, 'GroupPrograms'>;
}

/**
 * The group-programs page's next sessions (issue #28), fetched in the browser so the page stays
 * prerendered and its scripts' hashes stay the build's: each topic with its next sessions, seats
 * left, and a link into the booking flow with the session chosen.
 */
export function GroupSessionsList({ locale, messages }: GroupSessionsListProps) {
  return (
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={messages}>
      <SessionsByTopic />
    </NextIntlClientProvider>
  );
}

function SessionsByTopic() {
  const t = useTranslations('GroupPrograms');
  const locale = useLocale();
  const language = dateLanguage(locale);
  const [topics, setTopics] = useState<PublicGroupTopic[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/group-sessions', { headers: { 'Accept-Language': locale }, signal: controller.signal })
      .then((answer) => (answer.ok ? (answer.json() as Promise<{ topics: PublicGroupTopic[] }>) : Promise.reject(new Error(String(answer.status)))))
      .then(
        (body) => {
          setTopics(body.topics);
          setFailed(false);
        },
        () => {
          if (!controller.signal.aborted) setFailed(true);
        },
      );
    return () => controller.abort();
  }, [locale, attempt]);

  if (failed) {
    return (
      <div role="alert">
        <p>{t('failed')}</p>
        <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!topics) return <p role="status">{t('loading')}</p>;

  return (
    <div className={styles.topics}>
      {topics.map((topic) => (
        <section key={topic.id} aria-labelledby={`group-topic-${topic.id}`} className={styles.topic}>
          <h3 id={`group-topic-${topic.id}`}>{topic.title}</h3>
          <p>{topic.description}</p>
          {topic.sessions.length === 0 ? <p className={styles.muted}>{t('none')}</p> : null}
          <ul className={styles.sessions}>
            {topic.sessions.map((session) => {
              const date = formatDate(session.start, language, 'full');
              const full = session.seats_left === 0;
              return (
                <li key={session.id} className={styles.session} data-testid="group-session">
                  <span className={styles.when}>
                    {date}, {formatTimeRange(session.start, session.end, language)}
                  </span>
                  <span className={styles.muted}>
                    {session.office.name} · {session.dietitian} · {t(session.session_language === 'fr' ? 'french' : 'english')}
                    {session.meetings > 1 ? ` · ${t('meetings', { count: session.meetings })}` : ''}
                  </span>
                  <span className={styles.muted}>{t('price', { price: formatPrice(session.total_cents, locale), meetings: session.meetings })}</span>
                  <span className={styles.seats}>{full ? t('full') : t('seatsLeft', { count: session.seats_left })}</span>
                  {/* A full session's link opens the flow at its waitlist. */}
                  <Link
                    className={full ? 'button button--secondary' : 'button button--primary'}
                    href={{ pathname: '/book-online', query: { service: session.service_slug, session: session.id, office: session.office.id, session_language: session.session_language } }}
                    aria-label={t(full ? 'waitlistLabel' : 'bookLabel', { topic: topic.title, date })}
                  >
                    {t(full ? 'waitlist' : 'book')}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
