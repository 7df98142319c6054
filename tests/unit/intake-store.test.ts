import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import { intakeSteps, type IntakeStepId, type ServerDraft, type StepValues } from '@/lib/schemas/intake';
import { INTAKE_DRAFT_KEY, REVIEW_STEP, createIntakeStore, readDraft, stepValues, validStepCount } from '@/stores/intake';
import { completeIntakeAnswers } from '@/tests/support/intakeAnswers';

/**
 * The intake form's draft store (issue 7: nothing typed is lost): saved to the browser's storage
 * on every change, read back only on rehydrate, junk in storage dropped, and the newer of the
 * browser's and the server's drafts kept.
 */

/** The browser's localStorage, as a Map. */
function memoryStorage() {
  const map = new Map<string, string>();
  const storage: StateStorage = {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
  return { map, storage };
}

/** What the store saved, as persist wrote it. */
const saved = (map: Map<string, string>) => JSON.parse(map.get(INTAKE_DRAFT_KEY) ?? 'null') as { state: unknown; version: number } | null;

const stored = (state: unknown, version = 1) => JSON.stringify({ state, version });

async function hydratedStore(map = memoryStorage()) {
  const store = createIntakeStore(map.storage);
  await store.persist.rehydrate();
  return { store, ...map };
}

const contact = completeIntakeAnswers().contact;
const T1 = '2026-11-02T10:00:00.000Z';
const T2 = '2026-11-02T11:00:00.000Z';
const T3 = '2026-11-02T12:00:00.000Z';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(T2));
});
afterEach(() => vi.useRealTimers());

describe('saving and resuming', () => {
  it('loads nothing until rehydrate, then the saved draft', async () => {
    const { map, storage } = memoryStorage();
    map.set(INTAKE_DRAFT_KEY, stored({ step: 4, answers: { contact }, updatedAt: T1 }));
    const store = createIntakeStore(storage);
    expect(store.getState()).toMatchObject({ step: 0, answers: {}, updatedAt: null, hydrated: false });
    await store.persist.rehydrate();
    expect(store.getState()).toMatchObject({ step: 4, answers: { contact }, updatedAt: T1, hydrated: true });
  });

  it('starts empty (and hydrated) when nothing is saved', async () => {
    const { store } = await hydratedStore();
    expect(store.getState()).toMatchObject({ step: 0, answers: {}, updatedAt: null, hydrated: true });
  });

  it('saves every change, and a new store on the same storage resumes at the same step with the same values', async () => {
    const { store, map, storage } = await hydratedStore();
    store.getState().setAnswers('contact', contact);
    expect(saved(map)).toEqual({ state: { step: 0, answers: { contact }, updatedAt: T2, owner: null }, version: 1 });

    vi.setSystemTime(new Date(T3));
    store.getState().goTo(3);
    store.getState().setAnswers('objective', { reasons: ['1'], goals: 'Half typed' });
    expect(saved(map)?.state).toEqual({ step: 3, answers: { contact, objective: { reasons: ['1'], goals: 'Half typed' } }, updatedAt: T3, owner: null });

    const reloaded = createIntakeStore(storage);
    await reloaded.persist.rehydrate();
    expect(reloaded.getState()).toMatchObject({
      step: 3,
      answers: { contact, objective: { reasons: ['1'], goals: 'Half typed' } },
      updatedAt: T3,
      hydrated: true,
    });
  });

  it('keeps the flags and actions out of storage', async () => {
    const { store, map } = await hydratedStore();
    store.getState().goTo(2);
    expect(Object.keys(saved(map)!.state as object).sort()).toEqual(['answers', 'owner', 'step', 'updatedAt']);
  });

  it('drops tampered or corrupt storage instead of failing', async () => {
    const tampered = memoryStorage();
    tampered.map.set(
      INTAKE_DRAFT_KEY,
      stored({ step: '3', answers: { contact: 'Camille', objective: [1], billing: { card: '4111' }, medicalInfo: { pregnancy: 'pregnant' } }, updatedAt: 5 }),
    );
    const { store } = await hydratedStore(tampered);
    expect(store.getState()).toMatchObject({ step: 0, answers: { medicalInfo: { pregnancy: 'pregnant' } }, updatedAt: null, hydrated: true });

    const corrupt = memoryStorage();
    corrupt.map.set(INTAKE_DRAFT_KEY, '{not json');
    const second = createIntakeStore(corrupt.storage);
    await expect(second.persist.rehydrate()).resolves.toBeUndefined();
    expect(second.getState()).toMatchObject({ step: 0, answers: {}, updatedAt: null });
  });

  it('reset empties the draft, in memory and in storage', async () => {
    const { store, map } = await hydratedStore();
    store.getState().setAnswers('contact', contact);
    store.getState().goTo(5);
    store.getState().reset();
    expect(store.getState()).toMatchObject({ step: 0, answers: {}, updatedAt: null, hydrated: true });
    expect(saved(map)?.state).toEqual({ step: 0, answers: {}, updatedAt: null, owner: null });
  });

  it('goTo stays between the first step and the review, and counts as a change', async () => {
    const { store } = await hydratedStore();
    store.getState().goTo(-4);
    expect(store.getState().step).toBe(0);
    expect(store.getState().updatedAt).toBe(T2);
    store.getState().goTo(99);
    expect(store.getState().step).toBe(REVIEW_STEP);
    expect(REVIEW_STEP).toBe(15);
    store.getState().goTo(7);
    expect(store.getState().step).toBe(7);
  });
});

describe('readDraft', () => {
  it.each([null, undefined, 'draft', 42, [1, 2]])('gives an empty draft for %j', (value) => {
    expect(readDraft(value)).toEqual({ step: 0, answers: {}, updatedAt: null, owner: null });
  });

  it('keeps only object answers of known steps', () => {
    const answers = { contact: { firstName: 'Cam' }, objective: 'x', medicalInfo: null, foodJournal: [{ food: 'Apple' }], billing: { card: '4111' } };
    expect(readDraft({ step: 2, answers, updatedAt: T1 })).toEqual({ step: 2, answers: { contact: { firstName: 'Cam' } }, updatedAt: T1, owner: null });
    expect(readDraft({ step: 2, answers: ['contact'], updatedAt: T1 }).answers).toEqual({});
  });

  it.each([
    [7, 7],
    [0, 0],
    [15, 15],
    [16, 15],
    [-2, 0],
    [2.5, 0],
    ['3', 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [null, 0],
  ])('reads step %j as %j', (step, expected) => {
    expect(readDraft({ step, answers: {}, updatedAt: T1 }).step).toBe(expected);
  });

  it('keeps updatedAt only as text', () => {
    expect(readDraft({ step: 0, answers: {}, updatedAt: 1735689600000 }).updatedAt).toBeNull();
    expect(readDraft({ step: 0, answers: {} }).updatedAt).toBeNull();
  });
});

describe('stepValues and validStepCount', () => {
  const withSteps = (ids: readonly IntakeStepId[], overrides: Partial<Record<IntakeStepId, StepValues>> = {}) => {
    const all = completeIntakeAnswers(overrides);
    return Object.fromEntries(ids.map((id) => [id, all[id]]));
  };
  const ids = intakeSteps.map((step) => step.id);

  it("overlays what was typed on the step's defaults", () => {
    expect(stepValues({ contact: { firstName: 'Cam' } }, 0)).toEqual({ ...intakeSteps[0].defaults, firstName: 'Cam' });
    expect(stepValues({}, 14)).toEqual(intakeSteps[14].defaults);
  });

  it('counts nothing for an empty draft and all fifteen for a complete one', () => {
    expect(validStepCount({}, intakeSteps)).toBe(0);
    expect(validStepCount(completeIntakeAnswers(), intakeSteps)).toBe(15);
  });

  it('stops at the first invalid step even when later ones are valid', () => {
    expect(validStepCount(completeIntakeAnswers({ objective: { readiness: '11' } }), intakeSteps)).toBe(3);
    expect(validStepCount(withSteps(ids.slice(1)), intakeSteps)).toBe(0);
    expect(validStepCount(completeIntakeAnswers({ fluidIntake: { water: '31' } }), intakeSteps)).toBe(14);
  });

  it('counts a step with nothing required as done with its defaults', () => {
    // medicalTeam (index 5) asks nothing required: the count runs on to psychosocial, not given.
    expect(validStepCount(withSteps(ids.slice(0, 5)), intakeSteps)).toBe(6);
  });
});

describe('adopting the server draft', () => {
  const serverDraft = (updated_at: string, step = 6): ServerDraft => ({ step, answers: { contact, objective: { goals: 'From the server' } }, updated_at });

  it('takes the server draft when this browser has none, and saves it', async () => {
    const { store, map } = await hydratedStore();
    expect(store.getState().adopt(serverDraft(T1))).toBe(true);
    expect(store.getState()).toMatchObject({ step: 6, answers: { contact, objective: { goals: 'From the server' } }, updatedAt: T1, hydrated: true });
    expect(saved(map)?.state).toEqual({ step: 6, answers: { contact, objective: { goals: 'From the server' } }, updatedAt: T1, owner: null });
  });

  it('takes it only when newer than the local draft', async () => {
    const { store } = await hydratedStore();
    store.getState().setAnswers('contact', { firstName: 'Local' });
    expect(store.getState().updatedAt).toBe(T2);

    expect(store.getState().adopt(serverDraft(T1))).toBe(false);
    expect(store.getState().adopt(serverDraft(T2))).toBe(false);
    expect(store.getState()).toMatchObject({ step: 0, answers: { contact: { firstName: 'Local' } }, updatedAt: T2 });

    expect(store.getState().adopt(serverDraft(T3))).toBe(true);
    expect(store.getState()).toMatchObject({ step: 6, answers: { contact }, updatedAt: T3 });
  });

  it('sanitizes what the server sends', async () => {
    const { store } = await hydratedStore();
    const junk = { step: 99, answers: { contact, objective: 'x', billing: { card: '4111' } }, updated_at: T1 } as unknown as ServerDraft;
    expect(store.getState().adopt(junk)).toBe(true);
    expect(store.getState()).toMatchObject({ step: REVIEW_STEP, answers: { contact }, updatedAt: T1 });
    expect(Object.keys(store.getState().answers)).toEqual(['contact']);
  });

  it('prefill fills a step without counting as a change, so a server draft still wins', async () => {
    const { store } = await hydratedStore();
    store.getState().prefill('contact', { firstName: 'From the account' });
    expect(store.getState()).toMatchObject({ answers: { contact: { firstName: 'From the account' } }, updatedAt: null });
    expect(store.getState().adopt(serverDraft(T1))).toBe(true);
    expect(store.getState().answers.contact).toEqual(contact);
  });
});

describe('whose draft it is', () => {
  it("erases another user's draft, keeps a guest's for the user who signs in, and keeps the owner in storage", async () => {
    const { store, map } = await hydratedStore();
    store.getState().setAnswers('contact', { firstName: 'Guest' });
    expect(store.getState().claim(null)).toBe(false);
    expect(store.getState().claim(7)).toBe(false);
    expect(store.getState()).toMatchObject({ owner: 7, answers: { contact: { firstName: 'Guest' } } });
    expect(saved(map)?.state).toMatchObject({ owner: 7 });

    // Someone else signs in on the same browser: user 7's answers go.
    expect(store.getState().claim(8)).toBe(true);
    expect(store.getState()).toMatchObject({ owner: 8, answers: {}, updatedAt: null });
    // And signed out (a session that ended): nobody's draft stays on the screen.
    store.getState().setAnswers('contact', { firstName: 'Eight' });
    expect(store.getState().claim(null)).toBe(true);
    expect(store.getState()).toMatchObject({ owner: null, answers: {} });
  });

  it('counts a new revision whenever the draft is replaced from outside the form', async () => {
    const { store } = await hydratedStore();
    const start = store.getState().revision;
    store.getState().setAnswers('contact', { firstName: 'Typed' });
    expect(store.getState().revision).toBe(start);
    store.getState().prefill('contact', { firstName: 'Account' });
    store.getState().reset();
    expect(store.getState().revision).toBe(start + 2);
  });
});
