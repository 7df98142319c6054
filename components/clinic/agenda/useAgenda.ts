'use client';

import { useLocale } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getAgenda, type Agenda, type AgendaAppointment, type AgendaView } from '@/lib/api/clinicAgenda';

export interface AgendaQuery {
  /** Undefined: the clinic's today, as the server reckons it. */
  date?: string;
  view: AgendaView;
}

export interface AgendaState {
  /** The last agenda received, kept while the next one loads so the page does not jump. */
  data: Agenda | null;
  loading: boolean;
  failed: boolean;
}

/**
 * The agenda for a date and view. Reloaded when the interface language changes (service and
 * reason names come in the request's language). Only the latest request's answer is kept, and
 * leaving cancels it.
 */
export function useAgenda(query: AgendaQuery) {
  const locale = useLocale();
  const [state, setState] = useState<AgendaState>({ data: null, loading: true, failed: false });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  const { date, view } = query;

  useEffect(() => {
    const call = ++latest.current;
    const controller = new AbortController();
    getAgenda({ date, view }, controller.signal).then(
      (data) => {
        if (call === latest.current) setState({ data, loading: false, failed: false });
      },
      () => {
        if (call === latest.current) setState((previous) => ({ ...previous, loading: false, failed: true }));
      },
    );
    return () => controller.abort();
  }, [date, view, attempt, locale]);

  /** Marks the agenda as loading for a new query or a retry (called by the event, not an effect). */
  const starting = useCallback(() => setState((previous) => ({ ...previous, loading: true, failed: false })), []);
  const retry = useCallback(() => {
    starting();
    setAttempt((n) => n + 1);
  }, [starting]);
  /** Puts an appointment the server just returned in place of its old copy. */
  const replace = useCallback((appointment: AgendaAppointment) => {
    setState((previous) =>
      previous.data
        ? { ...previous, data: { ...previous.data, appointments: previous.data.appointments.map((a) => (a.id === appointment.id ? appointment : a)) } }
        : previous,
    );
  }, []);

  return { ...state, starting, retry, replace };
}
