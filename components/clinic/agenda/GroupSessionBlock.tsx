'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { AgendaGroupSession } from '@/lib/api/clinicAgenda';
import { dateLanguage, formatTimeRange } from '@/lib/format/dates';
import styles from './agenda.module.css';

interface Props {
  session: AgendaGroupSession;
  headingLevel: 3 | 4;
  /** How many seats the roster below lists (the seats cancelled with money to refund included). */
  listed: number;
  /** The roster: the list of its seats. */
  children: ReactNode;
}

/** A group session on the agenda (issue #28): its time, topic, place and seats taken (« 7/10 places »), its roster under it. */
export function GroupSessionBlock({ session, headingLevel, listed, children }: Props) {
  const t = useTranslations('ClinicAgenda');
  const language = dateLanguage(useLocale());
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <article className={styles.groupSession} aria-labelledby={`group-session-${session.id}`}>
      <Heading id={`group-session-${session.id}`} className={styles.groupSessionHeading}>
        {formatTimeRange(session.starts_at, session.ends_at, language)} · {session.topic}
      </Heading>
      <p className={styles.muted}>
        {session.office.name} · <strong>{t('groupSeats', { taken: session.seats_taken, capacity: session.capacity })}</strong>
      </p>
      {listed > 0 ? children : <p className={styles.muted}>{t('groupEmpty')}</p>}
    </article>
  );
}
