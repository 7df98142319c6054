'use client';

import { useStore } from 'zustand';
import { bookingApi as defaultBookingApi, type Service, type Skill } from '@/lib/api/booking';
import { onBookingTokenExpired } from '@/lib/api/settings';
import { createBookingStore, type BookingState } from './booking';
import { createBookingAppointmentStore, type BookingAppointmentState } from './bookingAppointment';
import type { BookingStores } from './bookingStores';
import type { CachedListState } from './cachedList';
import { createServicesStore } from './services';
import { createSkillsStore } from './skills';
import { useAppStores, type AppStores } from './StoresProvider';

/**
 * The visitor's booking stores, made on first use. Only the pages that book, reschedule or list
 * visits import this module, so the booking client and its stores load with them alone.
 */
export function getBookingStores(app: AppStores): BookingStores {
  if (app.bookingSlot.stores) return app.bookingSlot.stores;
  const bookingApi = app.bookingApi ?? defaultBookingApi;
  const stores: BookingStores = {
    booking: createBookingStore({ api: bookingApi, language: app.language }),
    bookingAppointment: createBookingAppointmentStore(),
    services: createServicesStore(bookingApi),
    skills: createSkillsStore(bookingApi),
    bookingApi,
  };
  app.bookingSlot.stores = stores;
  // SPEC §4: signing out resets every booking store (the services list depends on who asks too).
  app.logout.subscribe(() => {
    stores.booking.getState().reset();
    stores.bookingAppointment.getState().reset();
    stores.services.getState().clear();
  });
  // SPEC §8: booking_token_expired from any booking call resets the booking form to the start.
  // Kept as long as the stores (the visit): nothing to unsubscribe.
  onBookingTokenExpired(() => stores.booking.getState().expire());
  return stores;
}

export function useBookingStores(): BookingStores {
  return getBookingStores(useAppStores());
}

export function useBookingStore<T>(selector: (state: BookingState) => T): T {
  return useStore(useBookingStores().booking, selector);
}

export function useBookingAppointmentStore<T>(selector: (state: BookingAppointmentState) => T): T {
  return useStore(useBookingStores().bookingAppointment, selector);
}

export function useServicesStore<T>(selector: (state: CachedListState<Service>) => T): T {
  return useStore(useBookingStores().services, selector);
}

export function useSkillsStore<T>(selector: (state: CachedListState<Skill>) => T): T {
  return useStore(useBookingStores().skills, selector);
}
