'use client';

import { useTranslations } from 'next-intl';
import { SelectField } from '@/components/ui/form/Field';
import { PatientFinder } from '@/components/ui/PatientFinder';
import { formatPhone } from '@/lib/format/phone';
import { AUTOMATIC_DIETITIAN } from '@/stores/bookingSteps';
import { useBookingStore, useBookingStores } from '@/stores/useBookingStores';
import styles from '../booking.module.css';

/**
 * The employee variant: find and choose the patient (PatientFinder, the records requests' search
 * too), then a dietitian or automatic choice.
 */
export function PatientPicker() {
  const t = useTranslations('Booking.employee');
  const { bookingApi } = useBookingStores();
  const patient = useBookingStore((s) => s.patient);
  const patientInfo = useBookingStore((s) => s.patientInfo);
  const dietitians = useBookingStore((s) => s.dietitians);
  const dietitianId = useBookingStore((s) => s.dietitianId);
  const loadingPatient = useBookingStore((s) => s.pending === 'patient');
  const failedPatient = useBookingStore((s) => s.failure?.step === 0 && s.patient !== null && s.patientInfo === null && s.pending === null);
  const selectPatient = useBookingStore((s) => s.selectPatient);
  const setDietitian = useBookingStore((s) => s.setDietitian);

  if (patient) {
    return (
      <div className={styles.notice}>
        {/* A patient chosen by a link has no name until their info arrives. */}
        {(patientInfo?.full_name ?? patient.full_name) ? (
          <p>
            <strong>{t('selected', { name: patientInfo?.full_name ?? patient.full_name })}</strong>
          </p>
        ) : null}
        {loadingPatient ? <p role="status">{t('searching')}</p> : null}
        {failedPatient ? (
          <div role="alert">
            <p>{t('patientInfoFailed')}</p>
            <button type="button" className="button button--secondary" onClick={() => void selectPatient(patient)}>
              {t('retry')}
            </button>
          </div>
        ) : null}
        {dietitians ? (
          <SelectField
            label={t('dietitianLabel')}
            hint={t('dietitianHint')}
            value={String(dietitianId)}
            onChange={(event) => setDietitian(Number(event.target.value))}
            options={[
              { value: String(AUTOMATIC_DIETITIAN), label: t('automatic') },
              ...dietitians.map((d) => ({ value: String(d.id), label: d.is_preferred ? t('preferred', { name: d.full_name }) : d.full_name })),
            ]}
          />
        ) : null}
        <div className="button-row">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void selectPatient(null)}
          >
            {t('change')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div>
      <h4>{t('patientTitle')}</h4>
      <PatientFinder
        texts={{
          label: t('searchLabel'),
          hint: t('searchHint'),
          button: t('search'),
          searching: t('searching'),
          tooShort: t('searchTooShort'),
          noMatch: (search) => t('noMatch', { search }),
          results: t('results'),
          choose: (name) => t('choose', { name }),
        }}
        find={async (term) => (await bookingApi.searchPatients(term)).patients}
        describe={(match) => ({ name: match.full_name, details: match.phone ? [match.email, formatPhone(match.phone)] : [match.email] })}
        onChoose={(match) => void selectPatient(match)}
      />
    </div>
  );
}
