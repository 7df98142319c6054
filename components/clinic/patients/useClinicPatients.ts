'use client';

import { useLocale } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { getClinicPatient, listClinicPatients } from '@/lib/api/clinicPatients';

export interface PatientListQuery {
  search: string;
  page: number;
}

/** Why a load failed: a patient's account (403), no such patient (404), or anything else. */
export type LoadProblem = 'staffOnly' | 'notFound' | 'failed' | null;

function problemOf(error: unknown): LoadProblem {
  const { status } = readApiFailure(error);
  if (status === 403) return 'staffOnly';
  if (status === 404) return 'notFound';
  return 'failed';
}

interface Loaded<T> {
  /** The last answer, kept while the next one loads so the page does not jump. */
  data: T | null;
  loading: boolean;
  problem: LoadProblem;
}

/**
 * One GET that follows its query (`load` changes with it): only the latest request's answer is
 * kept (a slow earlier one cannot overwrite a later one), leaving cancels it, and it runs again
 * when the language changes (names come back in the page's language).
 */
function useLoad<T>(load: (signal: AbortSignal) => Promise<T>) {
  const locale = useLocale();
  const [state, setState] = useState<Loaded<T>>({ data: null, loading: true, problem: null });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const call = ++latest.current;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (call === latest.current) setState({ data, loading: false, problem: null });
      },
      (error: unknown) => {
        if (call === latest.current) setState((previous) => ({ ...previous, loading: false, problem: problemOf(error) }));
      },
    );
    return () => controller.abort();
  }, [load, locale, attempt]);

  /** Marks the data as loading for a new query or a retry (called by the event, not an effect). */
  const starting = useCallback(() => setState((previous) => ({ ...previous, loading: true, problem: null })), []);
  const reload = useCallback(() => {
    starting();
    setAttempt((n) => n + 1);
  }, [starting]);

  return { ...state, starting, reload };
}

/** A page of the clinic's patients for a search, with the query it answers. */
export function usePatientList({ search, page }: PatientListQuery) {
  const load = useCallback(
    async (signal: AbortSignal) => ({ page: await listClinicPatients({ search, page }, signal), query: { search, page } }),
    [search, page],
  );
  return useLoad(load);
}

/** One patient's record. */
export function usePatientDetail(id: string) {
  const load = useCallback((signal: AbortSignal) => getClinicPatient(id, signal), [id]);
  return useLoad(load);
}
