'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import type { AppointmentSummary } from '@/lib/api/booking';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { useAppStores, useBookingAppointmentStore } from '@/stores/StoresProvider';
import { AppointmentCard, type Viewer } from './AppointmentCard';
import { AppointmentStatistics } from './AppointmentStatistics';
import { AppointmentsSkeleton } from './AppointmentsSkeleton';
import { CancelDialog } from './CancelDialog';
import styles from './appointments.module.css';
import { useBookedAppointments } from './useBookedAppointments';

/**
 * The profile's appointments (SPEC §3, §7): the upcoming ones with what can be done to each,
 * and the statistics. A patient sees their dietitian on each; an employee sees the patient.
 */
export function Appointments({ viewer, className }: { viewer: Viewer; className?: string }) {
  const t = useTranslations('Appointments');
  const { bookingApi } = useAppStores();
  const startReschedule = useBookingAppointmentStore((s) => s.startReschedule);
  const router = useRouter();
  const { data, loading, failed, reload } = useBookedAppointments();
  const [toCancel, setToCancel] = useState<AppointmentSummary | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Where focus goes back when the dialog closes: the Cancel button that opened it. */
  const cancelButton = useRef<HTMLButtonElement | null>(null);

  // A refresh can remove the button focus went back to (the appointment is gone, or can no
  // longer be cancelled): then the section's heading takes focus rather than the page's body.
  useEffect(() => {
    const button = cancelButton.current;
    if (!button || button.isConnected) return;
    cancelButton.current = null;
    if (document.activeElement === document.body) headingRef.current?.focus();
  }, [data]);

  const reschedule = (appointment: AppointmentSummary) => {
    startReschedule(appointment);
    router.push('/book-online');
  };

  const confirmCancel = async () => {
    if (!toCancel) return;
    setCancelling(true);
    try {
      await bookingApi.cancelAppointment(toCancel.id);
    } catch {
      // The client has shown the server's reason (e.g. too late to cancel) as a toast.
    }
    setCancelling(false);
    setToCancel(null);
    // SPEC §7: the list is refreshed afterwards, also after a failure (it may be out of date).
    await reload();
  };

  const closeDialog = () => {
    setToCancel(null);
    const button = cancelButton.current;
    if (button?.isConnected) button.focus();
    else headingRef.current?.focus();
  };

  return (
    <section className={className} aria-labelledby="profile-appointments">
      <h2 id="profile-appointments" ref={headingRef} tabIndex={-1} className={styles.heading}>
        {t('heading')}
      </h2>

      {data === null && loading ? <AppointmentsSkeleton label={t('loading')} /> : null}

      {failed ? (
        <div className={styles.alert} role="alert">
          <p>{data ? t('refreshFailed') : t('loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void reload()}>
            {t('retry')}
          </button>
        </div>
      ) : null}

      {data ? (
        <>
          <h3 className={styles.subheading}>{t('upcomingHeading')}</h3>
          {data.upcoming.length === 0 ? (
            <p>{viewer === 'employee' ? t('emptyEmployee') : t('emptyPatient')}</p>
          ) : (
            <ul className={styles.list} aria-busy={loading}>
              {data.upcoming.map((appointment) => (
                <li key={appointment.id}>
                  <AppointmentCard
                    appointment={appointment}
                    viewer={viewer}
                    onReschedule={reschedule}
                    onCancel={(selected, button) => {
                      cancelButton.current = button;
                      setToCancel(selected);
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}

      {data || !loading ? (
        <Link className="button button--primary" href="/book-online">
          {t('book')}
        </Link>
      ) : null}

      {data ? (
        <>
          <h3 className={styles.subheading}>{t('statisticsHeading')}</h3>
          <AppointmentStatistics statistics={data.statistics} viewer={viewer} />
        </>
      ) : null}

      <CancelDialog
        appointment={toCancel}
        viewer={viewer}
        pending={cancelling}
        onConfirm={() => void confirmCancel()}
        onClose={closeDialog}
      />
    </section>
  );
}
