'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteServerDraft, fetchServerDraft, saveServerDraft } from '@/lib/api/intakeForm';
import { useIntakeStore, useIntakeStoreApi } from '@/stores/useIntake';

/** Where the draft is kept: this browser only, also the account, or the account copy failed. */
export type DraftPlace = 'device' | 'account' | 'failed';

/** Changes are sent to the account this long after typing stops (the browser has them at once). */
const SAVE_DELAY_MS = 1000;

/**
 * For a signed-in user (`userId`), keeps the intake draft in their account too, once the
 * browser's draft is theirs (see the store's claim): the account's copy is taken when it is newer
 * than the browser's — at start and whenever the page comes back into view, so a tab left open
 * does not overwrite what was typed on another device — then every change is saved shortly after
 * typing stops. Guests keep the browser's copy only.
 */
export function useServerDraft(userId: number | null) {
  const intake = useIntakeStoreApi();
  const hydrated = useIntakeStore((s) => s.hydrated);
  const owner = useIntakeStore((s) => s.owner);
  const active = userId !== null && hydrated && owner === userId;
  const [place, setPlace] = useState<DraftPlace>('device');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    if (!active) return;
    let live = true;
    let ready = false;
    const pull = () =>
      fetchServerDraft()
        .then((draft) => {
          if (!live) return;
          if (draft) intake.getState().adopt(draft);
          setPlace('account');
        })
        .catch(() => live && setPlace('failed'))
        .finally(() => {
          ready = true;
        });
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(timer.current);
      ready = false;
      void pull();
    };
    void pull();
    document.addEventListener('visibilitychange', onVisible);
    const unsubscribe = intake.subscribe((state, previous) => {
      if (!ready || (state.answers === previous.answers && state.step === previous.step)) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const { step, answers, updatedAt } = intake.getState();
        if (!updatedAt) return;
        const request = saveServerDraft({ step, answers, updated_at: updatedAt }).then(
          () => live && setPlace('account'),
          () => live && setPlace('failed'),
        );
        inFlight.current = request;
      }, SAVE_DELAY_MS);
    });
    return () => {
      live = false;
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
      clearTimeout(timer.current);
    };
  }, [active, intake]);

  /** Drops a save not yet sent and waits for one on its way (before a submission or a discard). */
  const settle = useCallback(async () => {
    clearTimeout(timer.current);
    await inFlight.current.catch(() => undefined);
  }, []);

  /** Start over: the account's copy goes too. */
  const discard = useCallback(async () => {
    await settle();
    if (userId !== null) await deleteServerDraft().catch(() => setPlace('failed'));
  }, [settle, userId]);

  return { place: active ? place : 'device', signedIn: userId !== null, settle, discard };
}
