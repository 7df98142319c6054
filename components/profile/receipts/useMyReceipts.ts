'use client';

import { useLocale } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getMyReceipts, type PatientReceiptYears } from '@/lib/api/payments';

export interface MyReceiptsState {
  data: PatientReceiptYears | null;
  loading: boolean;
  failed: boolean;
}

/**
 * The signed-in patient's receipts. Loaded on mount and again when the interface language
 * changes (service names come back in the request's language); only the latest request's
 * answer is kept, and a request still running when the section goes away is abandoned.
 */
export function useMyReceipts(): MyReceiptsState & { reload: () => void } {
  const locale = useLocale();
  const [state, setState] = useState<MyReceiptsState>({ data: null, loading: true, failed: false });
  const current = useRef<AbortController | null>(null);

  // The answer is written from the promise's callbacks only (never synchronously in the effect).
  const fetchReceipts = useCallback(() => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    getMyReceipts(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, loading: false, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setState((previous) => ({ ...previous, loading: false, failed: true }));
      },
    );
    return controller;
  }, []);

  const reload = useCallback(() => {
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    fetchReceipts();
  }, [fetchReceipts]);

  useEffect(() => {
    const controller = fetchReceipts();
    return () => controller.abort();
  }, [fetchReceipts, locale]);

  return { ...state, reload };
}
