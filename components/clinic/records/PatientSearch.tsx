'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type Ref } from 'react';
import { PatientFinder } from '@/components/ui/PatientFinder';
import text from '@/components/ui/text.module.css';
import { findRequestPatients } from '@/lib/api/clinicRecords';
import type { RecordsRequestPatient } from '@/lib/schemas/recordsRequests';
import styles from './records.module.css';

/**
 * Finds the patient a request is about, closed accounts included (marked as such), inside the
 * request's form (PatientFinder, the booking's search too), then shows who was chosen. `error`
 * is the form's error for the patient.
 */
export function PatientSearch({
  chosen,
  onChoose,
  error,
  inputRef,
}: {
  chosen: RecordsRequestPatient | null;
  onChoose: (patient: RecordsRequestPatient | null) => void;
  error?: string;
  inputRef: Ref<HTMLInputElement>;
}) {
  const t = useTranslations('RecordsRequests.new');
  const chosenRef = useRef<HTMLParagraphElement>(null);
  const [focusChosen, setFocusChosen] = useState(false);

  // Choosing removes the results the focus was on: it moves to what was chosen.
  useEffect(() => {
    if (focusChosen && chosen) chosenRef.current?.focus();
  }, [focusChosen, chosen]);

  if (chosen) {
    return (
      <div className={styles.chosen}>
        <p ref={chosenRef} tabIndex={-1} className={`${text.focusTarget} ${text.breakable}`}>
          {t('chosen', { name: chosen.name, email: chosen.email })}
          {chosen.closed ? ` · ${t('closed')}` : ''}
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setFocusChosen(false);
            onChoose(null);
          }}
        >
          {t('change')}
        </button>
      </div>
    );
  }

  return (
    <PatientFinder
      texts={{
        label: t('search'),
        hint: t('searchHint'),
        button: t('searchButton'),
        searching: t('searching'),
        tooShort: t('searchTooShort'),
        failed: t('searchFailed'),
        noMatch: (search) => t('noMatch', { search }),
        results: t('results'),
      }}
      find={findRequestPatients}
      describe={(patient) => ({ name: patient.name, details: patient.closed ? [patient.email, t('closed')] : [patient.email] })}
      onChoose={(patient) => {
        setFocusChosen(true);
        onChoose(patient);
      }}
      error={error}
      inputRef={inputRef}
    />
  );
}
