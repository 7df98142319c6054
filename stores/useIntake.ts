'use client';

import { useStore } from 'zustand';
import { createIntakeStore, type IntakeState, type IntakeStore } from './intake';
import { useAppStores } from './StoresProvider';

/**
 * The visitor's intake draft store, made on first use and kept for the visit (across pages). Only
 * the intake pages import this module, so the intake schemas load with them alone.
 */
export function useIntakeStoreApi(): IntakeStore {
  const stores = useAppStores();
  if (!stores.intakeSlot.store) {
    const intake = createIntakeStore();
    stores.intakeSlot.store = intake;
    stores.logout.subscribe(() => {
      intake.getState().reset();
      intake.persist.clearStorage();
    });
  }
  return stores.intakeSlot.store;
}

export function useIntakeStore<T>(selector: (state: IntakeState) => T): T {
  return useStore(useIntakeStoreApi(), selector);
}
