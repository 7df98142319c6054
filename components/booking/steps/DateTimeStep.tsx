'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Service } from '@/lib/api/booking';
import { bookableDates, slotKey } from '@/stores/bookingSteps';
import { useBookingStore } from '@/stores/useBookingStores';
import styles from '../booking.module.css';
import { ChoiceSkeleton, LoadFailed, StepActions, StepFrame } from '../StepFrame';
import { SlotPicker } from './SlotPicker';
import { WaitlistJoin } from './WaitlistJoin';

/**
 * Step 7: a date with free times, then one of its times (with the dietitian it would be with);
 * below, the waitlist for when no time suits (open at once when none is free). For a group
 * service, the sessions and their seats left instead.
 */
export function DateTimeStep({ focusHeading, services }: { focusHeading: boolean; services: Service[] | null }) {
  const t = useTranslations('Booking');
  const options = useBookingStore((s) => s.options);
  const date = useBookingStore((s) => s.date);
  const slot = useBookingStore((s) => s.slot);
  const loading = useBookingStore((s) => s.pending === 'appointments');
  const failed = useBookingStore((s) => s.failure?.step === 6 && s.options === null);
  const selectDate = useBookingStore((s) => s.selectDate);
  const selectSlot = useBookingStore((s) => s.selectSlot);
  const fetchAppointments = useBookingStore((s) => s.fetchAppointments);
  const checkSlot = useBookingStore((s) => s.checkSlot);
  const canSkip = useBookingStore((s) => s.checkedThrough >= 6);
  const pending = useBookingStore((s) => s.pending === 'check');
  const next = useBookingStore((s) => s.next);
  const previous = useBookingStore((s) => s.previous);
  // A visit being moved keeps its time until a new one is chosen: it does not wait on the list.
  const rescheduling = useBookingStore((s) => s.reschedulingId !== null);
  const [tried, setTried] = useState(false);
  // A group service lists sessions: its waitlist is a full session's, opened by choosing it (issue #28 item 5).
  const booksSeats = useBookingStore((s) => services?.find((service) => service.id === s.serviceId)?.books_seats ?? false);
  const fullSession = booksSeats && date && slot ? (options?.[date] ?? []).find((offered) => slotKey(offered) === slot && (offered.group_session?.seats_left ?? 1) <= 0) : undefined;
  const dates = bookableDates(options);

  return (
    <StepFrame title={t('datetime.title')} lead={t('datetime.lead')} focusHeading={focusHeading}>
      {loading ? <ChoiceSkeleton label={t('datetime.loading')} count={6} /> : null}
      {failed && !loading ? (
        <LoadFailed message={t('datetime.failed')} onRetry={() => void fetchAppointments()} />
      ) : null}
      {options && !loading && dates.length === 0 ? <p role="status">{t(booksSeats ? 'datetime.noSessions' : 'datetime.empty')}</p> : null}
      {options && !loading && dates.length > 0 ? (
        <SlotPicker
          options={options}
          date={date}
          slot={slot}
          onDate={selectDate}
          onSlot={(start) => selectSlot(start === slot ? null : start)}
          slotsId="booking-slots"
          fullChoosable={booksSeats}
        />
      ) : null}
      {options && !loading && !rescheduling && !booksSeats ? <WaitlistJoin defaultOpen={dates.length === 0} /> : null}
      {/* Present before a full session is chosen, so that screen readers announce its text when it comes. */}
      {booksSeats && !rescheduling && dates.length > 0 ? <p role="status">{fullSession ? t('datetime.fullChosen') : ''}</p> : null}
      {fullSession?.group_session && date && !rescheduling ? (
        <WaitlistJoin key={fullSession.group_session.id} defaultOpen groupSession={{ id: fullSession.group_session.id, date }} />
      ) : null}
      {tried && !slot && dates.length > 0 ? (
        <p className={styles.error} role="alert">
          {t('datetime.required')}
        </p>
      ) : null}
      <StepActions
        onBack={previous}
        pending={pending}
        onContinue={() => {
          setTried(true);
          if (!slot || fullSession) return;
          if (canSkip) next();
          else void checkSlot();
        }}
      />
    </StepFrame>
  );
}
