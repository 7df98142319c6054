'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { AppointmentOptions } from '@/lib/schemas/bookingSlots';
import { dateLanguage, formatLocalDate, formatTime } from '@/lib/format/dates';
import { bookableDates, slotKey } from '@/stores/bookingSteps';
import styles from '../booking.module.css';
import { MonthCalendar } from './MonthCalendar';

interface Props {
  options: AppointmentOptions;
  date: string | null;
  slot: string | null;
  onDate: (date: string) => void;
  onSlot: (start: string) => void;
  /** The id of the times' heading, which names their list. */
  slotsId: string;
  /** The times' heading level, under the section that holds the picker. */
  heading?: 'h3' | 'h4' | 'h5';
  headingClassName?: string;
  /** A full session can be chosen (the date step then offers its waitlist); elsewhere it is shown full and disabled. */
  fullChoosable?: boolean;
}

/**
 * A month of dates with free times, then the chosen date's times, each with the dietitian it
 * would be with: the booking's date step, a manage link's reschedule and the clinic's waitlist
 * offer all pick a time this way. Only the dates `options` holds are enabled.
 */
export function SlotPicker({ options, date, slot, onDate, onSlot, slotsId, heading: Heading = 'h4', headingClassName, fullChoosable = false }: Props) {
  const t = useTranslations('Booking.datetime');
  const language = dateLanguage(useLocale());
  const time = (iso: string) => formatTime(iso, language);
  const longDate = (day: string) => formatLocalDate(day, language, 'full');
  const times = date ? (options[date] ?? []) : [];
  return (
    <div className={styles.datetime}>
      <MonthCalendar enabled={bookableDates(options)} selected={date} onSelect={onDate} />
      <div aria-live="polite">
        {date && times.length > 0 ? (
          <>
            <Heading id={slotsId} className={headingClassName}>
              {t('slotsFor', { date: longDate(date) })}
            </Heading>
            <ul className={styles.slots} aria-labelledby={slotsId}>
              {times.map((offered) => {
                const key = slotKey(offered);
                const session = offered.group_session;
                // A full session is shown as such; it is chosen only where its waitlist is offered.
                const full = session !== undefined && session.seats_left <= 0;
                const disabled = full && !fullChoosable;
                return (
                  <li key={key}>
                    <button type="button" className={styles.slot} aria-pressed={disabled ? undefined : key === slot} disabled={disabled} onClick={() => onSlot(key)}>
                      {session ? <span className={styles.slotTopic}>{session.topic}</span> : null}
                      {t('slot', { start: time(offered.start), end: time(offered.end) })}
                      {offered.recommended_employee ? <span className={styles.slotWith}>{t('with', { name: offered.recommended_employee.name })}</span> : null}
                      {session && session.meetings > 1 ? <span className={styles.slotWith}>{t('meetings', { count: session.meetings })}</span> : null}
                      {session ? <span className={styles.slotWith}>{full ? t('full') : t('seatsLeft', { count: session.seats_left })}</span> : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        ) : (
          <p className={styles.muted}>{t('pickDate')}</p>
        )}
      </div>
    </div>
  );
}
