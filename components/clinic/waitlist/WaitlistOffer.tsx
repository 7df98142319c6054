'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SlotPicker } from '@/components/booking/steps/SlotPicker';
import text from '@/components/ui/text.module.css';
import { readApiFailure } from '@/lib/api/auth';
import { getWaitlistSlots, offerWaitlistTime } from '@/lib/api/clinicWaitlist';
import type { AppointmentOptions } from '@/lib/schemas/bookingSlots';
import type { ClinicWaitlistEntry } from '@/lib/schemas/waitlist';
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

      {options !== null && dates.length > 0 ? (
        <SlotPicker
          options={options}
          date={date}
          slot={slot}
          onDate={(day) => {
            setDate(day);
            setSlot(null);
          }}
          onSlot={setSlot}
          slotsId={slotsId}
          heading="h5"
          headingClassName={styles.slotsHeading}
        />
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
