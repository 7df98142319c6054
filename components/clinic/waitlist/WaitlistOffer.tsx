'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import booking from '@/components/booking/booking.module.css';
import { MonthCalendar } from '@/components/booking/steps/MonthCalendar';
import text from '@/components/ui/text.module.css';
import { readApiFailure } from '@/lib/api/auth';
import type { AppointmentOptions } from '@/lib/api/booking';
import { getWaitlistSlots, offerWaitlistTime, type ClinicWaitlistEntry } from '@/lib/api/clinicWaitlist';
import { clinic } from '@/lib/clinic';
import { bookableDates } from '@/stores/bookingSteps';
import styles from './waitlist.module.css';

interface Props {
  entry: ClinicWaitlistEntry;
  /** The server accepted the offer: its sentence, to announce. */
  onOffered: (message: string) => void;
  onClose: () => void;
}

/**
 * Offering one entry a time by hand: the free times this person could book (as the booking flow
 * lists them), a date on the booking calendar, a time of that date, then one click.
 */
export function WaitlistOffer({ entry, onOffered, onClose }: Props) {
  const t = useTranslations('ClinicWaitlist.offer');
  const datetime = useTranslations('Booking.datetime');
  const format = useFormatter();
  const [options, setOptions] = useState<AppointmentOptions | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = `waitlist-offer-${entry.id}`;
  const slotsId = `${headingId}-slots`;

  const loadSlots = useCallback(
    (signal?: AbortSignal) =>
      getWaitlistSlots(entry.id, signal).then(
        (answer) => {
          setOptions(answer);
          setLoadFailed(false);
        },
        () => {
          if (!signal?.aborted) setLoadFailed(true);
        },
      ),
    [entry.id],
  );

  useEffect(() => {
    const controller = new AbortController();
    void loadSlots(controller.signal);
    return () => controller.abort();
  }, [loadSlots]);

  // The panel opens below the button pressed: take the reader to it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // A refresh that fails keeps the times already shown.
  const failed = loadFailed && options === null;
  const dates = bookableDates(options);
  const times = date ? (options?.[date] ?? []) : [];
  const time = (iso: string) => format.dateTime(new Date(iso), { hour: 'numeric', minute: '2-digit', timeZone: clinic.timeZone });
  const longDate = (day: string) => format.dateTime(new Date(`${day}T12:00:00Z`), { dateStyle: 'full', timeZone: 'UTC' });

  const offer = async () => {
    if (!slot || busy) return;
    setBusy(true);
    setError(null);
    try {
      const message = await offerWaitlistTime(entry.id, slot);
      onOffered(message || t('sent', { name: entry.person.name }));
    } catch (failure) {
      const { status, message } = readApiFailure(failure);
      setError(message ?? t('failed'));
      // The time may have just been taken or become too near: show what can be offered now.
      if (status === 409) {
        setSlot(null);
        void loadSlots();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h4 id={headingId} ref={headingRef} tabIndex={-1} className={`${styles.panelHeading} ${text.focusTarget}`}>
        {t('heading', { name: entry.person.name })}
      </h4>
      <p className={styles.muted}>{t('lead')}</p>
      {entry.open_offer ? <p>{t('replaces')}</p> : null}

      {options === null && !failed ? <p role="status">{datetime('loading')}</p> : null}
      {failed ? (
        <div className={text.alert} role="alert">
          <p className={styles.flush}>{datetime('failed')}</p>
        </div>
      ) : null}
      {options !== null && dates.length === 0 ? <p role="status">{t('none')}</p> : null}

      {dates.length > 0 ? (
        <div className={booking.datetime}>
          <MonthCalendar
            enabled={dates}
            selected={date}
            onSelect={(day) => {
              setDate(day);
              setSlot(null);
            }}
          />
          <div aria-live="polite">
            {date && times.length > 0 ? (
              <>
                <h5 id={slotsId} className={styles.slotsHeading}>
                  {datetime('slotsFor', { date: longDate(date) })}
                </h5>
                <ul className={booking.slots} aria-labelledby={slotsId}>
                  {times.map((free) => (
                    <li key={free.start}>
                      <button type="button" className={booking.slot} aria-pressed={free.start === slot} onClick={() => setSlot(free.start)}>
                        {datetime('slot', { start: time(free.start), end: time(free.end) })}
                        {free.recommended_employee ? (
                          <span className={booking.slotWith}>{datetime('with', { name: free.recommended_employee.name })}</span>
                        ) : null}
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className={styles.muted}>{datetime('pickDate')}</p>
            )}
          </div>
        </div>
      ) : null}

      {error ? (
        <div className={text.alert} role="alert">
          <p className={styles.flush}>{error}</p>
        </div>
      ) : null}

      <div className="button-row">
        {dates.length > 0 ? (
          <button type="button" className="button button--primary" disabled={!slot} aria-disabled={busy || undefined} onClick={() => void offer()}>
            {busy ? t('submitting') : t('submit')}
          </button>
        ) : null}
        <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
          {t('close')}
        </button>
      </div>
    </section>
  );
}
