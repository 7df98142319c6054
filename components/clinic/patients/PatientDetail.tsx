'use client';

import { useLocale, useTranslations } from 'next-intl';
import { AppointmentStatistics } from '@/components/profile/appointments/AppointmentStatistics';
import { AppointmentsSkeleton } from '@/components/profile/appointments/AppointmentsSkeleton';
import { dateLanguage, formatDateTime } from '@/lib/format/dates';
import { Link } from '@/lib/i18n/navigation';
import { useBookingStores } from '@/stores/useBookingStores';
import { PatientAppointments } from './PatientAppointments';
import { PatientContact } from './PatientContact';
import styles from './patients.module.css';
import { StaffOnlyNotice } from './StaffOnly';
import { usePatientDetail } from './useClinicPatients';

/**
 * One patient's record for the clinic: contact details and preferred dietitian, a booking for
 * them, their appointments (upcoming ones can be moved or cancelled) and statistics, and links to
 * their intake forms. The forms' answers are not loaded here: opening one is an audited read.
 */
export function PatientDetail({ id }: { id: string }) {
  const t = useTranslations('ClinicPatients.detail');
  const language = dateLanguage(useLocale());
  const { bookingAppointment } = useBookingStores();
  const record = usePatientDetail(id);
  const { data, loading, problem } = record;

  const back = (
    <p>
      <Link href="/profile/patients">{t('backToList')}</Link>
    </p>
  );

  if (problem === 'staffOnly') return <StaffOnlyNotice />;
  if (problem === 'notFound') {
    return (
      <div className={styles.section}>
        <p className={styles.notice} role="alert">
          {t('notFound')}
        </p>
        {back}
      </div>
    );
  }

  return (
    <div className={styles.section}>
      {back}
      {data === null && loading ? <AppointmentsSkeleton label={t('loading')} /> : null}
      {problem === 'failed' ? (
        <div className={styles.alert} role="alert">
          <p>{data ? t('refreshFailed') : t('loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={record.reload}>
            {t('retry')}
          </button>
        </div>
      ) : null}

      {data ? (
        <>
          <h2 className={styles.name}>{data.full_name}</h2>
          <p>
            <Link
              className="button button--primary"
              href={{ pathname: '/book-online', query: { patient: String(data.id) } }}
              // A new booking: no reschedule or earlier success screen left over in the booking page.
              onClick={() => bookingAppointment.getState().reset()}
            >
              {t('book')}
            </Link>{' '}
            <Link className="button button--secondary" href={{ pathname: '/profile/patients/[id]/chart', params: { id: String(data.id) } }}>
              {t('chart')}
            </Link>
          </p>

          <PatientContact patient={data} />

          <PatientAppointments appointments={data.appointments} busy={loading} onChanged={record.reload} />

          <section aria-labelledby="patient-statistics" className={styles.block}>
            <h3 id="patient-statistics">{t('statisticsHeading')}</h3>
            <AppointmentStatistics statistics={data.statistics} viewer="patient" />
          </section>

          <section aria-labelledby="patient-intake" className={styles.block}>
            <h3 id="patient-intake">{t('intakeHeading')}</h3>
            {data.intake_forms.length === 0 ? (
              <p>{t('intakeNone')}</p>
            ) : (
              <>
                <p className={styles.muted}>{t('intakeAudit')}</p>
                <ul className={styles.links}>
                  {data.intake_forms.map((form) => (
                    <li key={form.id}>
                      <Link href={{ pathname: '/profile/intake-forms/[id]', params: { id: form.id } }}>
                        {t('intakeSubmitted', {
                          date: formatDateTime(form.submitted_at, language, 'long'),
                        })}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
