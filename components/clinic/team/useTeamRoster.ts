'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { getTeam, type TeamRoster } from '@/lib/api/clinicTeam';

/**
 * The employees and invitations. `reload` fetches again after a change; the last roster stays on
 * screen meanwhile, and only the latest request's answer is kept.
 */
export function useTeamRoster(enabled: boolean) {
  const [roster, setRoster] = useState<TeamRoster | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    const call = ++latest.current;
    const controller = new AbortController();
    getTeam(controller.signal).then(
      (data) => {
        if (call !== latest.current) return;
        setRoster(data);
        setFailed(false);
      },
      () => {
        if (call === latest.current && !controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [enabled, attempt]);

  const reload = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);

  return { roster, failed, reload };
}
