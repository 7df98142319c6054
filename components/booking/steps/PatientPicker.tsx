'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { SelectField, TextField } from '@/components/ui/form/Field';
import formStyles from '@/components/ui/form/form.module.css';
import type { PatientMatch } from '@/lib/api/booking';
import { formatPhone } from '@/lib/format/phone';
import { AUTOMATIC_DIETITIAN } from '@/stores/bookingSteps';
import { useBookingStore, useBookingStores } from '@/stores/useBookingStores';
import styles from '../booking.module.css';

const MIN_SEARCH = 2;

/** The employee variant: find and choose the patient, then a dietitian or automatic choice. */
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

  const [search, setSearch] = useState('');
  const [results, setResults] = useState<{ search: string; patients: PatientMatch[] } | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<string | undefined>();

  async function onSearch(event: FormEvent) {
    event.preventDefault();
    const term = search.trim();
    if (term.length < MIN_SEARCH) {
      setSearchError(t('searchTooShort'));
      return;
    }
    setSearchError(undefined);
    setSearching(true);
    try {
      const { patients } = await bookingApi.searchPatients(term);
      setResults({ search: term, patients });
    } catch {
      // The client has shown the failure as a toast; the previous results stay.
    } finally {
      setSearching(false);
    }
  }

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
            onClick={() => {
              setResults(null);
              void selectPatient(null);
            }}
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
      <form method="post" className={styles.searchRow} role="search" onSubmit={onSearch} noValidate>
        <TextField
          label={t('searchLabel')}
          hint={t('searchHint')}
          type="search"
          value={search}
          autoComplete="off"
          error={searchError}
          onChange={(event) => setSearch(event.target.value)}
        />
        <button type="submit" className="button button--secondary" aria-disabled={searching || undefined}>
          {searching ? t('searching') : t('search')}
        </button>
      </form>
      <div aria-live="polite">
        {results && results.patients.length === 0 ? <p className={formStyles.hint}>{t('noMatch', { search: results.search })}</p> : null}
        {results && results.patients.length > 0 ? (
          <ul className={styles.patientResults} aria-label={t('results')}>
            {results.patients.map((match) => (
              <li key={match.id}>
                <button
                  type="button"
                  className={styles.choice}
                  aria-label={t('choose', { name: match.full_name })}
                  onClick={() => void selectPatient(match)}
                >
                  <span className={styles.choiceName}>{match.full_name}</span>
                  <span className={styles.choiceMeta}>
                    <span>{match.email}</span>
                    {match.phone ? <span>{formatPhone(match.phone)}</span> : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
