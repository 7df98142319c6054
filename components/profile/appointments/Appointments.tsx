'use client';

import { useTranslations } from 'next-intl';
import listStyles from '@/components/ui/list.module.css';
import { Link } from '@/lib/i18n/navigation';
import { AppointmentCard, type Viewer } from './AppointmentCard';
import { AppointmentStatistics } from './AppointmentStatistics';
import { AppointmentsSkeleton } from './AppointmentsSkeleton';
import { CancelDialog } from './CancelDialog';
import styles from './appointments.module.css';
import { useAppointmentActions } from './useAppointmentActions';
import { useBookedAppointments } from './useBookedAppointments';

/**
 * The profile's appointments (SPEC §3, §7): the upcoming ones with what can be done to each,
 * and the statistics. A patient sees their dietitian on each; an employee sees the patient.
 */
export function Appointments({ viewer, className }: { viewer: Viewer; className?: string }) {
  const t = useTranslations('Appointments');
  const { data, loading, failed, reload } = useBookedAppointments();
  // SPEC §7: the list is refreshed after a cancellation, also after a failure.
  const { headingRef, toCancel, cancelling, reschedule, askCancel, confirmCancel, closeDialog } = useAppointmentActions(reload, data);

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
            <ul className={listStyles.cardList} aria-busy={loading}>
              {data.upcoming.map((appointment) => (
                <li key={appointment.id}>
                  <AppointmentCard
                    appointment={appointment}
                    viewer={viewer}
                    onReschedule={reschedule}
                    onCancel={askCancel}
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
