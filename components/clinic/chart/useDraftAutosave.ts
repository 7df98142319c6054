'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { saveEntry } from '@/lib/api/chart';
import type { ChartContent, ChartEntryView } from '@/lib/schemas/chart';
import type { ChartPrivacy } from '@/lib/schemas/chartValues';

/** How long typing may pause before the draft saves: at most this much typing is ever at risk. */
export const AUTOSAVE_MS = 800;

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'failed'; message: string | null; offline: boolean }
  | { kind: 'conflict'; newer: ChartEntryView }
  | { kind: 'signed' };

interface Pending {
  privacy: ChartPrivacy;
  content: ChartContent;
}

/**
 * Saves a draft as the dietitian types (issue #40 item 2): AUTOSAVE_MS after the last change, one
 * save at a time, each over the version the last save returned. A save another tab made first
 * comes back as 409 with the newer entry: saving stops (nothing is overwritten) until the page
 * loads that version. A failed save is retried when the connection returns and at the next
 * change; leaving the page sends what is pending with `keepalive`, so closing the tab loses nothing.
 */
export function useDraftAutosave(entry: ChartEntryView, onSaved: (entry: ChartEntryView) => void) {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const version = useRef(entry.version);
  const pending = useRef<Pending | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopped = useRef(false);
  // The latest `run`, for a save that ends to start the next one.
  const again = useRef<() => Promise<void>>(() => Promise.resolve());

  useEffect(() => {
    version.current = entry.version;
  }, [entry.version]);

  const run = useCallback((): Promise<void> => {
    if (running.current) return running.current;
    const next = pending.current;
    if (!next || stopped.current) return Promise.resolve();
    pending.current = null;
    setState({ kind: 'saving' });
    running.current = saveEntry(entry.id, { version: version.current, ...next })
      .then(
        (saved) => {
          version.current = saved.version;
          onSaved(saved);
          setState({ kind: 'saved', at: saved.updated_at });
        },
        (error: unknown) => {
          const failure = readApiFailure(error);
          const newer = (failure.data as { entry?: ChartEntryView }).entry;
          if (failure.status === 409 && newer) {
            stopped.current = true;
            setState({ kind: 'conflict', newer });
          } else if (failure.status === 409) {
            stopped.current = true;
            setState({ kind: 'signed' });
          } else {
            // Kept for the next try, unless a newer change replaced it meanwhile.
            pending.current ??= next;
            setState({ kind: 'failed', message: failure.message, offline: failure.status === null });
          }
        },
      )
      .finally(() => {
        running.current = null;
        if (pending.current && !stopped.current && !timer.current) void again.current();
      });
    return running.current;
  }, [entry.id, onSaved]);

  useEffect(() => {
    again.current = run;
  }, [run]);

  /** A change: saved AUTOSAVE_MS after the typing pauses. */
  const change = useCallback(
    (next: Pending) => {
      pending.current = next;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void run();
      }, AUTOSAVE_MS);
    },
    [run],
  );

  /** Saves now what is pending, and waits for every save under way (before signing). */
  const flush = useCallback(async () => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    while (running.current || (pending.current && !stopped.current)) await run();
    return !stopped.current;
  }, [run]);

  /** After a conflict: carry on from the newer version the page now shows. */
  const resume = useCallback((newer: ChartEntryView) => {
    version.current = newer.version;
    pending.current = null;
    stopped.current = false;
    setState({ kind: 'saved', at: newer.updated_at });
  }, []);

  useEffect(() => {
    const retry = () => void run();
    // The page is going away (tab closed, reload, another site): what is pending leaves with it.
    const leave = () => {
      const next = pending.current;
      // A save under way sends the rest when it returns; a second one now would race it (409).
      if (!next || stopped.current || running.current) return;
      pending.current = null;
      void fetch(`/api/clinic/chart-entries/${encodeURIComponent(entry.id)}`, {
        method: 'PUT',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ version: version.current, ...next }),
      }).then(async (response) => {
        if (response.ok) version.current = ((await response.json()) as { entry: ChartEntryView }).entry.version;
        else pending.current ??= next;
      }, () => {
        pending.current ??= next;
      });
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('online', retry);
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('online', retry);
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [entry.id, run]);

  /** The version the last save returned: what signing signs. */
  const currentVersion = useCallback(() => version.current, []);

  return { state, change, flush, resume, version: currentVersion };
}
