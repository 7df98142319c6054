'use client';

import { useLocale } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BookedAppointments } from '@/lib/api/booking';
import { useBookingStores } from '@/stores/useBookingStores';

export interface BookedAppointmentsState {
  /** The last list received; kept while a refresh runs so the page does not jump. */
  data: BookedAppointments | null;
  loading: boolean;
  /** The last load failed (the client has already shown its toast). */
  failed: boolean;
}

/**
 * The viewer's upcoming appointments and statistics. Loaded on mount and again when the
 * interface language changes (service and office names come back in the request's language).
 * Only the latest request's answer is kept, so a slow first load cannot overwrite a refresh.
 */
export function useBookedAppointments(): BookedAppointmentsState & { reload: () => Promise<void> } {
  const { bookingApi } = useBookingStores();
  const locale = useLocale();
  const [state, setState] = useState<BookedAppointmentsState>({ data: null, loading: true, failed: false });
  const latest = useRef(0);

  // The answer is written from the promise's callbacks only (never synchronously in the effect).
  const fetchList = useCallback(() => {
    const call = ++latest.current;
    return bookingApi.bookedAppointments().then(
      (data) => {
        if (call === latest.current) setState({ data, loading: false, failed: false });
      },
      () => {
        if (call === latest.current) setState((previous) => ({ ...previous, loading: false, failed: true }));
      },
    );
  }, [bookingApi]);

  const reload = useCallback(async () => {
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    await fetchList();
  }, [fetchList]);

  useEffect(() => {
    void fetchList();
    // A request still running when the section goes away must not write into it afterwards.
    return () => {
      latest.current += 1;
    };
  }, [fetchList, locale]);

  return { ...state, reload };
}
