'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { getVisitPayments, type VisitPayments } from '@/lib/api/payments';

export interface VisitPaymentsState {
  /** The last answer, kept while a retry loads. */
  data: VisitPayments | null;
  loading: boolean;
  failed: boolean;
}

/**
 * One visit's payments, asked for once the panel is open (and again each time it is opened, so
 * a colleague's change shows). Only the latest request's answer is kept; closing cancels it.
 */
export function useVisitPayments(appointmentId: number, open: boolean) {
  // A panel open from the start is loading from the start.
  const [state, setState] = useState<VisitPaymentsState>(() => ({ data: null, loading: open, failed: false }));
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    if (!open) return;
    const call = ++latest.current;
    const controller = new AbortController();
    getVisitPayments(appointmentId, controller.signal).then(
      (data) => {
        if (call === latest.current) setState({ data, loading: false, failed: false });
      },
      () => {
        if (call === latest.current && !controller.signal.aborted) setState((previous) => ({ ...previous, loading: false, failed: true }));
      },
    );
    return () => controller.abort();
  }, [appointmentId, open, attempt]);

  /** Marks the payments as loading for an opening or a retry (called by the event, not an effect). */
  const starting = useCallback(() => setState((previous) => ({ ...previous, loading: true, failed: false })), []);
  const retry = useCallback(() => {
    starting();
    setAttempt((n) => n + 1);
  }, [starting]);
  /** The payments as the server answered a change. */
  const replace = useCallback((data: VisitPayments) => {
    latest.current += 1;
    setState({ data, loading: false, failed: false });
  }, []);

  return { ...state, starting, retry, replace };
}
