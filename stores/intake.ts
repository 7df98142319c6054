import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import type { z } from 'zod';
import { INTAKE_STEP_COUNT, intakeLayout, type IntakeAnswersDraft, type IntakeStepId, type ServerDraft, type StepValues } from '@/lib/schemas/intake/layout';

import { INTAKE_DRAFT_KEY } from './intakeDraftKey';

export { INTAKE_DRAFT_KEY };
/** The review (consent and submit) comes after the fifteen steps. */
export const REVIEW_STEP = INTAKE_STEP_COUNT;

export interface IntakeState {
  /** 0–14: a step; 15: the review. */
  step: number;
  /** What each step's controls hold, as typed. */
  answers: IntakeAnswersDraft;
  /** When the answers or the step last changed (ISO), to tell the newer of two drafts. */
  updatedAt: string | null;
  /** Whose draft this is: a user's id, or null for a guest's (kept with the draft). */
  owner: number | null;
  /** Bumped whenever the draft is replaced from outside the form (account copy, reset, prefill). */
  revision: number;
  /** The browser's copy has been read (until then, nothing is shown or saved). */
  hydrated: boolean;
  setAnswers: (id: IntakeStepId, values: StepValues) => void;
  /** Fills a step's starting values (e.g. from the account) without counting as a change. */
  prefill: (id: IntakeStepId, values: StepValues) => void;
  goTo: (step: number) => void;
  /** Takes the server's draft when it is newer than this browser's. Returns whether it did. */
  adopt: (draft: ServerDraft) => boolean;
  /**
   * Matches the draft to who is signed in (null: nobody): another user's draft is erased (it
   * holds their health information), a guest's draft becomes the user's. Returns whether it erased.
   */
  claim: (userId: number | null) => boolean;
  reset: () => void;
}

const empty = { step: 0, answers: {}, updatedAt: null, owner: null } satisfies Partial<IntakeState>;

/** A step's values: its defaults overlaid with what was typed (a draft may predate a new field). */
export function stepValues(answers: IntakeAnswersDraft, index: number): StepValues {
  const step = intakeLayout[index]!;
  return { ...step.defaults, ...answers[step.id] };
}

/**
 * How many steps, from the first, pass their schema: the furthest step the patient may open.
 * `steps` are lib/schemas/intake's, which the form loads on first use (zod stays off the first load).
 */
export function validStepCount(answers: IntakeAnswersDraft, steps: readonly { schema: z.ZodType }[]): number {
  let count = 0;
  while (count < INTAKE_STEP_COUNT && steps[count]!.schema.safeParse(stepValues(answers, count)).success) count += 1;
  return count;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored draft, keeping only what has the right shape (storage can hold anything). */
export function readDraft(stored: unknown): Pick<IntakeState, 'step' | 'answers' | 'updatedAt' | 'owner'> {
  if (!isRecord(stored)) return { ...empty };
  const answers: IntakeAnswersDraft = {};
  if (isRecord(stored.answers)) {
    for (const { id } of intakeLayout) {
      const values = stored.answers[id];
      if (isRecord(values)) answers[id] = values;
    }
  }
  const step = typeof stored.step === 'number' && Number.isInteger(stored.step) ? Math.max(0, Math.min(REVIEW_STEP, stored.step)) : 0;
  const updatedAt = typeof stored.updatedAt === 'string' ? stored.updatedAt : null;
  const owner = typeof stored.owner === 'number' && Number.isInteger(stored.owner) ? stored.owner : null;
  return { step, answers, updatedAt, owner };
}

/**
 * The intake form's draft, saved to the browser's storage on every change (SPEC: nothing typed
 * is lost on reload or a closed tab). Hydration waits for the page (skipHydration), so the
 * server render and the first browser render agree.
 */
export function createIntakeStore(storage?: StateStorage) {
  return createStore<IntakeState>()(
    persist(
      (set, get) => ({
        ...empty,
        revision: 0,
        hydrated: false,
        setAnswers: (id, values) => set({ answers: { ...get().answers, [id]: values }, updatedAt: new Date().toISOString() }),
        prefill: (id, values) => set({ answers: { ...get().answers, [id]: values }, revision: get().revision + 1 }),
        goTo: (step) => set({ step: Math.max(0, Math.min(REVIEW_STEP, step)), updatedAt: new Date().toISOString() }),
        adopt: (draft) => {
          const local = get().updatedAt;
          if (local && local >= draft.updated_at) return false;
          set({ ...readDraft({ ...draft, updatedAt: draft.updated_at }), owner: get().owner, revision: get().revision + 1 });
          return true;
        },
        claim: (userId) => {
          const { owner } = get();
          const erase = owner !== null && owner !== userId;
          if (erase) get().reset();
          if (userId !== null && get().owner !== userId) set({ owner: userId });
          return erase;
        },
        reset: () => set({ ...empty, revision: get().revision + 1 }),
      }),
      {
        name: INTAKE_DRAFT_KEY,
        version: 1,
        storage: createJSONStorage(() => storage ?? localStorage),
        skipHydration: true,
        partialize: ({ step, answers, updatedAt, owner }) => ({ step, answers, updatedAt, owner }),
        merge: (persisted, current) => ({ ...current, ...readDraft(persisted), hydrated: true }),
      },
    ),
  );
}

export type IntakeStore = ReturnType<typeof createIntakeStore>;
