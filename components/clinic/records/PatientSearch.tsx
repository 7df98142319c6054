'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type Ref } from 'react';
import { Field } from '@/components/ui/form/Field';
import formStyles from '@/components/ui/form/form.module.css';
import text from '@/components/ui/text.module.css';
import { findRequestPatients } from '@/lib/api/clinicRecords';
import { MIN_PATIENT_SEARCH_LENGTH } from '@/lib/schemas/appointmentQueries';
import type { RecordsRequestPatient } from '@/lib/schemas/recordsRequests';
import styles from './records.module.css';

/**
 * Finds the patient a request is about, closed accounts included (marked as such), inside the
 * request's form: a search field and button (no form of its own: forms do not nest), Enter in
 * the field searching too. `error` is the form's error for the patient (a Validation key).
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
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<{ search: string; patients: RecordsRequestPatient[] } | null>(null);
  const [state, setState] = useState<'idle' | 'searching' | 'tooShort' | 'failed'>('idle');
  const chosenRef = useRef<HTMLParagraphElement>(null);
  const [focusChosen, setFocusChosen] = useState(false);

  // Choosing removes the results the focus was on: it moves to what was chosen.
  useEffect(() => {
    if (focusChosen && chosen) chosenRef.current?.focus();
  }, [focusChosen, chosen]);

  async function search() {
    const value = term.trim();
    if (value.length < MIN_PATIENT_SEARCH_LENGTH) {
      setState('tooShort');
      return;
    }
    setState('searching');
    try {
      setResults({ search: value, patients: await findRequestPatients(value) });
      setState('idle');
    } catch {
      setState('failed');
    }
  }

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

  const fieldError = state === 'tooShort' ? t('searchTooShort') : state === 'failed' ? t('searchFailed') : error;
  return (
    <div className={styles.search}>
      <Field label={t('search')} hint={t('searchHint')} error={fieldError}>
        {(control) => (
          <div className={styles.searchRow}>
            <input
              ref={inputRef}
              type="search"
              className={formStyles.input}
              value={term}
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setTerm(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault(); // search, rather than submit the request's form
                void search();
              }}
              {...control}
            />
            <button type="button" className="button button--secondary" aria-disabled={state === 'searching' || undefined} onClick={() => void search()}>
              {state === 'searching' ? t('searching') : t('searchButton')}
            </button>
          </div>
        )}
      </Field>
      <div aria-live="polite">
        {results && results.patients.length === 0 ? <p className={formStyles.hint}>{t('noMatch', { search: results.search })}</p> : null}
        {results && results.patients.length > 0 ? (
          <ul className={styles.results} aria-label={t('results')}>
            {results.patients.map((patient) => (
              <li key={patient.id}>
                <button
                  type="button"
                  className={styles.choice}
                  onClick={() => {
                    setFocusChosen(true);
                    onChoose(patient);
                  }}
                >
                  <span className={styles.choiceName}>{patient.name}</span>
                  <span className={styles.sub}>
                    {patient.email}
                    {patient.closed ? ` · ${t('closed')}` : ''}
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
