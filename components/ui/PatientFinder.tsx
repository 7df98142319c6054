'use client';

import { useState, type Ref } from 'react';
import { Field } from '@/components/ui/form/Field';
import formStyles from '@/components/ui/form/form.module.css';
import { MIN_PATIENT_SEARCH_LENGTH } from '@/lib/schemas/patientSearch';
import styles from './patientFinder.module.css';

export interface PatientFinderTexts {
  label: string;
  hint: string;
  button: string;
  searching: string;
  tooShort: string;
  /** Said in place when a search fails; without it, the HTTP client's toast says it. */
  failed?: string;
  noMatch: (search: string) => string;
  /** The results list's name. */
  results: string;
  /** A result's button name, when its visible text is not enough. */
  choose?: (name: string) => string;
}

/**
 * The clinic's search for a patient (the booking on a patient's behalf, the records requests:
 * issue #38 made them one): a search field and its button, Enter in the field searching too. It
 * has no form of its own, so it may sit inside another's (forms do not nest). Each result is a
 * button: its name, then its details (e-mail, phone, "closed account"). `error` is the field's
 * error from the form around it.
 */
export function PatientFinder<T extends { id: number }>({
  texts,
  find,
  describe,
  onChoose,
  error,
  inputRef,
}: {
  texts: PatientFinderTexts;
  find: (term: string) => Promise<T[]>;
  describe: (match: T) => { name: string; details: string[] };
  onChoose: (match: T) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<{ search: string; patients: T[] } | null>(null);
  const [state, setState] = useState<'idle' | 'searching' | 'tooShort' | 'failed'>('idle');

  async function search() {
    const value = term.trim();
    if (value.length < MIN_PATIENT_SEARCH_LENGTH) {
      setState('tooShort');
      return;
    }
    setState('searching');
    try {
      setResults({ search: value, patients: await find(value) });
      setState('idle');
    } catch {
      // The previous results stay.
      setState(texts.failed ? 'failed' : 'idle');
    }
  }

  const fieldError = state === 'tooShort' ? texts.tooShort : state === 'failed' ? texts.failed : error;
  return (
    <div className={styles.finder} role="search">
      <Field label={texts.label} hint={texts.hint} error={fieldError}>
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
                event.preventDefault(); // search, rather than submit a form around it
                void search();
              }}
              {...control}
            />
            <button type="button" className="button button--secondary" aria-disabled={state === 'searching' || undefined} onClick={() => void search()}>
              {state === 'searching' ? texts.searching : texts.button}
            </button>
          </div>
        )}
      </Field>
      <div aria-live="polite">
        {results && results.patients.length === 0 ? <p className={formStyles.hint}>{texts.noMatch(results.search)}</p> : null}
        {results && results.patients.length > 0 ? (
          <ul className={styles.results} aria-label={texts.results}>
            {results.patients.map((match) => {
              const { name, details } = describe(match);
              return (
                <li key={match.id}>
                  <button type="button" className={styles.choice} aria-label={texts.choose?.(name)} onClick={() => onChoose(match)}>
                    <span className={styles.choiceName}>{name}</span>
                    <span className={styles.choiceDetails}>
                      {details.map((detail) => (
                        <span key={detail}>{detail}</span>
                      ))}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
