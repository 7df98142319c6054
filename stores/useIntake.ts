'use client';

import { useStore } from 'zustand';
import { createIntakeStore, type IntakeState, type IntakeStore } from './intake';
import { useAppStores, type AppStores } from './StoresProvider';

/**
 * The visitor's intake draft store, made on first use and kept for the visit (across pages). Only
 * the intake pages import this module, so the intake schemas load with them alone.
 */
export function getIntakeStore(app: AppStores): IntakeStore {
  if (app.intakeSlot.store) return app.intakeSlot.store;
  const intake = createIntakeStore();
  app.intakeSlot.store = intake;
  app.logout.subscribe(() => {
    intake.getState().reset();
    intake.persist.clearStorage();
  });
  return intake;
}

export function useIntakeStoreApi(): IntakeStore {
  return getIntakeStore(useAppStores());
}

export function useIntakeStore<T>(selector: (state: IntakeState) => T): T {
  return useStore(useIntakeStoreApi(), selector);
}
