'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { PaymentsExport } from '@/components/clinic/payments/PaymentsExport';
import listStyles from '@/components/ui/list.module.css';
import { agendaKindOf, failureMessage, markAppointment, type AgendaAppointment, type AgendaGroupSession, type AgendaMark, type AgendaView } from '@/lib/api/clinicAgenda';
import { dateLanguage, formatLocalDate, formatLocalDateRange, formatTime, localDateOf } from '@/lib/format/dates';
import { useUserStore } from '@/stores/StoresProvider';
import { AgendaItem } from './AgendaItem';
import { GroupSessionBlock } from './GroupSessionBlock';
import { daysBetween } from './agendaDates';
import styles from './agenda.module.css';
import { useAgenda, type AgendaQuery } from './useAgenda';

/**
 * The employee's agenda (issue #8, item 2): a day or a Monday-based week of their visits, with
 * previous / today / next, and the marks (completed, no-show, undo) once a visit has started.
 * Each visit has its payments and receipts; below, the accountant's export of the payments.
 * A signed-in patient is told the page is for staff (the API refuses them anyway).
 */
export function Agenda() {
  const t = useTranslations('ClinicAgenda');
  const profile = useUserStore((s) => s.profile);
  if (!profile) {
    return (
      <p className={styles.muted} role="status">
        {t('checking')}
      </p>
    );
  }
  if (!profile.is_employee) return <p className={styles.notice}>{t('staffOnly')}</p>;
  return <EmployeeAgenda />;
}

function EmployeeAgenda() {
  const t = useTranslations('ClinicAgenda');
  const language = dateLanguage(useLocale());
  const [query, setQuery] = useState<AgendaQuery>({ view: 'day' });
  const agenda = useAgenda(query);
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [focusId, setFocusId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [markError, setMarkError] = useState('');
  const clearFocus = useCallback(() => setFocusId(null), []);

  const { data, loading, failed } = agenda;
  const range = data?.range;

  const go = (next: AgendaQuery) => {
    if (next.date === query.date && next.view === query.view) return;
    agenda.starting();
    setAnnouncement('');
    setMarkError('');
    setQuery(next);
  };
  const setView = (view: AgendaView) => go({ date: range?.date ?? query.date, view });
  // Focus stays on the button pressed (press it again to go on); the status line below says
  // which range is shown now.
  const move = (date: string | undefined) => go({ date, view: query.view });

  const mark = async (appointment: AgendaAppointment, status: AgendaMark) => {
    setPendingId(appointment.id);
    setMarkError('');
    setAnnouncement('');
    const values = {
      kind: agendaKindOf(appointment),
      name: appointment.patient.name,
      time: formatTime(appointment.starts_at, language),
    };
    try {
      const updated = await markAppointment(appointment.id, status);
      agenda.replace(updated);
      setFocusId(updated.id);
      setAnnouncement(t(`marked.${status}`, values));
    } catch (error) {
      setMarkError(t('markFailed', { kind: values.kind, reason: failureMessage(error) ?? '' }).trim());
    } finally {
      setPendingId(null);
    }
  };

  const day = (date: string, full = true) => formatLocalDate(date, language, full ? 'full' : 'weekday');
  const title = !range
    ? t('heading')
    : range.view === 'day'
      ? day(range.date)
      : t('weekRange', { range: formatLocalDateRange(range.first_day, range.last_day, language) });
  const isWeek = query.view === 'week';

  const item = (appointment: AgendaAppointment, headingLevel: 3 | 4) => (
    <li key={appointment.id}>
      <AgendaItem
        appointment={appointment}
        headingLevel={headingLevel}
        pending={pendingId === appointment.id}
        takeFocus={focusId === appointment.id}
        onFocused={clearFocus}
        onMark={(selected, status) => void mark(selected, status)}
      />
    </li>
  );
  // A group session is one block with its seats taken; its roster (each seat, with its marks and
  // payments) is under it (issue #28). Visits of one's own and sessions, by start time.
  const sessions = data?.group_sessions ?? [];
  const sessionsOn = (date: string) => sessions.filter((session) => localDateOf(session.starts_at) === date);
  const list = (items: AgendaAppointment[], blocks: AgendaGroupSession[], headingLevel: 3 | 4) => {
    const own = items.filter((appointment) => appointment.group_session_id === null);
    const entries = [
      ...own.map((appointment) => ({ at: appointment.starts_at, node: item(appointment, headingLevel) })),
      ...blocks.map((session) => ({
        at: session.starts_at,
        node: (
          <li key={`session-${session.id}`}>
            <GroupSessionBlock session={session} headingLevel={headingLevel} listed={items.filter((a) => a.group_session_id === session.id).length}>
              <ul className={listStyles.cardList}>{items.filter((a) => a.group_session_id === session.id).map((a) => item(a, 4))}</ul>
            </GroupSessionBlock>
          </li>
        ),
      })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    return <ul className={listStyles.cardList}>{entries.map((entry) => entry.node)}</ul>;
  };

  return (
    <>
      <section className={styles.agenda} aria-labelledby="agenda-heading">
        <div className={styles.toolbar}>
          <div className={styles.segmented} role="group" aria-label={t('view')}>
            {(['day', 'week'] as const).map((view) => (
              <button
                key={view}
                type="button"
                className={`button ${query.view === view ? 'button--primary' : 'button--secondary'}`}
                aria-pressed={query.view === view}
                onClick={() => setView(view)}
              >
                {t(`views.${view}`)}
              </button>
            ))}
          </div>
          <div className="button-row" role="group" aria-label={t('navigation')}>
            <button type="button" className="button button--secondary" disabled={!range} onClick={() => move(range?.previous_date)}>
              {isWeek ? t('previousWeek') : t('previousDay')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => move(undefined)}>
              {t('today')}
            </button>
            <button type="button" className="button button--secondary" disabled={!range} onClick={() => move(range?.next_date)}>
              {isWeek ? t('nextWeek') : t('nextDay')}
            </button>
          </div>
        </div>

        <h2 id="agenda-heading" className={styles.heading}>
          {title}
          {range && range.view === 'day' && range.date === range.today ? <> {t('todayMark')}</> : null}
        </h2>

        <p className={styles.muted} role="status">
          {loading ? (
            t('loading')
          ) : data && !failed ? (
            <>
              <span className={styles.visuallyHidden}>{title}: </span>
              {/* A cancelled visit listed for its refund due is not an appointment of the day. */}
              {t('summary', { count: data.appointments.filter((appointment) => appointment.status !== 'cancelled').length })}
            </>
          ) : null}
        </p>

        {failed ? (
          <div className={styles.alert} role="alert">
            <p>{t('loadFailed')}</p>
            <button type="button" className="button button--secondary" onClick={agenda.retry}>
              {t('retry')}
            </button>
          </div>
        ) : null}

        <div role="status" className={announcement ? styles.announcement : undefined}>
          {announcement}
        </div>
        {markError ? (
          <p className={styles.alert} role="alert">
            {markError}
          </p>
        ) : null}

        {data && range ? (
          <div aria-busy={loading}>
            {range.view === 'day' ? (
              data.appointments.length === 0 && sessions.length === 0 ? (
                <p>{t('emptyDay')}</p>
              ) : (
                list(data.appointments, sessions, 3)
              )
            ) : (
              daysBetween(range.first_day, range.last_day).map((date) => {
                const items = data.appointments.filter((a) => localDateOf(a.starts_at) === date);
                const blocks = sessionsOn(date);
                return (
                  <div key={date} className={styles.day}>
                    <h3 className={styles.dayHeading}>
                      {day(date, false)}
                      {date === range.today ? <> {t('todayMark')}</> : null}
                    </h3>
                    {items.length === 0 && blocks.length === 0 ? <p className={styles.muted}>{t('emptyDay')}</p> : list(items, blocks, 4)}
                  </div>
                );
              })
            )}
          </div>
        ) : null}
      </section>
      <PaymentsExport />
    </>
  );
}
