'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteServerDraft, fetchServerDraft, saveServerDraft } from '@/lib/api/intakeForm';
import { useAppStores, useAuthStore, useIntakeStore } from '@/stores/StoresProvider';

/** Where the draft is kept: this browser only, also the account, or the account copy failed. */
export type DraftPlace = 'device' | 'account' | 'failed';

/** Changes are sent to the account this long after typing stops (the browser has them at once). */
const SAVE_DELAY_MS = 1000;

/**
 * For a signed-in user, keeps the intake draft in their account too: at start the account's copy
 * is taken when it is newer than the browser's (`onAdopted` lets the form show it), then every
 * change is saved shortly after typing stops. Guests keep the browser's copy only.
 */
export function useServerDraft(onAdopted: () => void) {
  const { intake } = useAppStores();
  const signedIn = useAuthStore((s) => s.validated && s.isAuthenticated);
  const hydrated = useIntakeStore((s) => s.hydrated);
  const [place, setPlace] = useState<DraftPlace>('device');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!signedIn || !hydrated) return;
    let active = true;
    let ready = false;
    fetchServerDraft()
      .then((draft) => {
        if (!active) return;
        if (draft && intake.getState().adopt(draft)) onAdopted();
        setPlace('account');
      })
      .catch(() => active && setPlace('failed'))
      .finally(() => {
        ready = true;
      });
    const unsubscribe = intake.subscribe((state, previous) => {
      if (!ready || (state.answers === previous.answers && state.step === previous.step)) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const { step, answers, updatedAt } = intake.getState();
        if (!updatedAt) return;
        saveServerDraft({ step, answers, updated_at: updatedAt }).then(
          () => active && setPlace('account'),
          () => active && setPlace('failed'),
        );
      }, SAVE_DELAY_MS);
    });
    return () => {
      active = false;
      unsubscribe();
      clearTimeout(timer.current);
    };
  }, [signedIn, hydrated, intake, onAdopted]);

  /** Drops a save not yet sent (before a submission, which deletes the account's copy). */
  const cancelPending = useCallback(() => clearTimeout(timer.current), []);

  /** Start over: the account's copy goes too. */
  const discard = useCallback(async () => {
    clearTimeout(timer.current);
    if (signedIn) await deleteServerDraft().catch(() => setPlace('failed'));
  }, [signedIn]);

  return { place: signedIn ? place : 'device', signedIn, cancelPending, discard };
}
