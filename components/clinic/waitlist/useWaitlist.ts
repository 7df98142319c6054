'use client';

import { useLocale } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { listWaitlist, type ClinicWaitlistQuery } from '@/lib/api/clinicWaitlist';
import type { ClinicWaitlistEntry } from '@/lib/schemas/waitlist';

export interface WaitlistOption {
  id: number;
  name: string;
}

/** The filters' choices met so far: the dietitians and offices of the entries listed (no lighter list exists for every employee). */
export interface SeenOptions {
  services: WaitlistOption[];
  dietitians: WaitlistOption[];
  offices: Array<WaitlistOption & { is_virtual: boolean }>;
}

/** `known` with `more` added (a newer name wins), by name. */
export function mergeOptions<T extends WaitlistOption>(known: readonly T[], more: readonly T[]): T[] {
  const byId = new Map(known.map((option) => [option.id, option]));
  for (const option of more) byId.set(option.id, option);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function seenIn(known: SeenOptions, entries: ClinicWaitlistEntry[]): SeenOptions {
  return {
    services: mergeOptions(known.services, entries.map((e) => e.service)),
    dietitians: mergeOptions(known.dietitians, entries.flatMap((e) => (e.dietitian ? [e.dietitian] : []))),
    offices: mergeOptions(known.offices, entries.map((e) => e.office)),
  };
}

const NONE: SeenOptions = { services: [], dietitians: [], offices: [] };

interface WaitlistState {
  /** The last list received, kept while the next one loads so the page does not jump. */
  entries: ClinicWaitlistEntry[] | null;
  /** Every option met since the page opened in this language: a filter never hides the others' choices. */
  seen: SeenOptions;
  seenLocale: string;
  loading: boolean;
  /** A patient's account (403) or anything else. */
  problem: 'staffOnly' | 'failed' | null;
}

/**
 * The waitlist for a set of filters. Only the latest request's answer is kept, leaving cancels
 * it, and it runs again when the language changes (service and office names come back in it).
 */
export function useWaitlist(query: ClinicWaitlistQuery) {
  const locale = useLocale();
  const [state, setState] = useState<WaitlistState>({ entries: null, seen: NONE, seenLocale: locale, loading: true, problem: null });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  const { service_id, employee_id, office_id, date } = query;

  useEffect(() => {
    const call = ++latest.current;
    const controller = new AbortController();
    listWaitlist({ service_id, employee_id, office_id, date }, controller.signal).then(
      (entries) => {
        if (call !== latest.current) return;
        setState((previous) => ({
          entries,
          seen: seenIn(previous.seenLocale === locale ? previous.seen : NONE, entries),
          seenLocale: locale,
          loading: false,
          problem: null,
        }));
      },
      (error: unknown) => {
        if (call !== latest.current) return;
        const problem = readApiFailure(error).status === 403 ? 'staffOnly' : 'failed';
        setState((previous) => ({ ...previous, loading: false, problem }));
      },
    );
    return () => controller.abort();
  }, [service_id, employee_id, office_id, date, locale, attempt]);

  /** Marks the list as loading for a new query (called by the event, not an effect). */
  const starting = useCallback(() => setState((previous) => ({ ...previous, loading: true, problem: null })), []);
  const reload = useCallback(() => {
    starting();
    setAttempt((n) => n + 1);
  }, [starting]);
  /** Drops an entry the server just removed. */
  const drop = useCallback((id: number) => {
    setState((previous) => (previous.entries ? { ...previous, entries: previous.entries.filter((e) => e.id !== id) } : previous));
  }, []);

  return { ...state, starting, reload, drop };
}
