'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { listIntakes, type IntakeListPage } from '@/lib/api/intakeReview';

export interface IntakeListQuery {
  search: string;
  page: number;
}

export interface IntakeListState {
  /** The last page received, kept while the next one loads so the list does not jump. */
  data: IntakeListPage | null;
  /** The query `data` answers (the summary names the search it was for). */
  answered: IntakeListQuery | null;
  loading: boolean;
  failed: boolean;
}

/**
 * The page of submissions for a search and page number. Only the latest request's answer is
 * kept (a slow earlier search cannot overwrite a later one); leaving cancels the request.
 */
export function useIntakeList(query: IntakeListQuery) {
  const [state, setState] = useState<IntakeListState>({ data: null, answered: null, loading: true, failed: false });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  const { search, page } = query;

  useEffect(() => {
    const call = ++latest.current;
    const controller = new AbortController();
    listIntakes({ search, page }, controller.signal).then(
      (data) => {
        if (call === latest.current) setState({ data, answered: { search, page }, loading: false, failed: false });
      },
      () => {
        if (call === latest.current) setState((previous) => ({ ...previous, loading: false, failed: true }));
      },
    );
    return () => controller.abort();
  }, [search, page, attempt]);

  /** Marks the list as loading for a new query or a retry (called by the event, not an effect). */
  const starting = useCallback(() => setState((previous) => ({ ...previous, loading: true, failed: false })), []);
  const retry = useCallback(() => {
    starting();
    setAttempt((n) => n + 1);
  }, [starting]);

  return { ...state, starting, retry };
}
