'use client';

import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { useLocale } from 'next-intl';
import { useStore } from 'zustand';
import { authApi, type AuthApi } from '@/lib/api/auth';
import { bookingApi as defaultBookingApi, type BookingApi, type Service, type Skill } from '@/lib/api/booking';
import { onBookingTokenExpired } from '@/lib/api/settings';
import { createBookingStore, type BookingState, type BookingStore } from './booking';
import { createAuthStore, createLogoutRegistry, type AuthState, type AuthStore, type LogoutRegistry } from './auth';
import { createIntakeStore, type IntakeState, type IntakeStore } from './intake';
import { createBookingAppointmentStore, type BookingAppointmentState, type BookingAppointmentStore } from './bookingAppointment';
import type { CachedListState } from './cachedList';
import { createServicesStore, type ServicesStore } from './services';
import { createSkillsStore, type SkillsStore } from './skills';
import { createUserStore, type UserState, type UserStore } from './user';

/** The per-visitor stores (SPEC §3 client stores). */
export interface AppStores {
  auth: AuthStore;
  user: UserStore;
  services: ServicesStore;
  skills: SkillsStore;
  booking: BookingStore;
  bookingAppointment: BookingAppointmentStore;
  /** The intake form's draft (kept in the browser's storage). */
  intake: IntakeStore;
  /** Resets to run at sign-out: `useOnLogout` registers one. */
  logout: LogoutRegistry;
  /** The booking calls the booking stores use (tests hand in their own client). */
  bookingApi: BookingApi;
}

export function createAppStores(api: AuthApi = authApi, bookingApi: BookingApi = defaultBookingApi, language: 'en' | 'fr' = 'en'): AppStores {
  const user = createUserStore();
  const logout = createLogoutRegistry();
  const stores: AppStores = {
    user,
    logout,
    auth: createAuthStore({ api, user, onLogout: logout }),
    services: createServicesStore(bookingApi),
    skills: createSkillsStore(bookingApi),
    booking: createBookingStore({ api: bookingApi, language }),
    bookingAppointment: createBookingAppointmentStore(),
    intake: createIntakeStore(),
    bookingApi,
  };
  // SPEC §4: signing out resets every booking store (the services list depends on who asks too).
  logout.subscribe(() => {
    stores.booking.getState().reset();
    stores.bookingAppointment.getState().reset();
    stores.services.getState().clear();
    // The intake draft holds health information: it leaves the browser with the person (their
    // account keeps a copy), so the next person at a shared computer does not see it.
    stores.intake.getState().reset();
    stores.intake.persist.clearStorage();
  });
  return stores;
}

const StoresContext = createContext<AppStores | null>(null);

interface Props {
  children: ReactNode;
  /** Tests hand in stores built on their own API client. */
  stores?: AppStores;
}

/**
 * Creates the visitor's stores and starts the session check once (SPEC §4: validation runs at
 * start). Pages render at once; signed-in UI waits for `validated` (see AccountMenu, RequireAuth).
 */
export function StoresProvider({ children, stores: given }: Props) {
  const locale = useLocale() === 'fr' ? 'fr' : 'en';
  const [stores] = useState(() => given ?? createAppStores(authApi, defaultBookingApi, locale));
  // SPEC §8: booking_token_expired from any booking call resets the booking form to the start.
  useEffect(() => onBookingTokenExpired(() => stores.booking.getState().expire()), [stores]);
  useEffect(() => {
    // Shared while in flight, so a second effect run (Strict Mode) asks the server only once.
    void stores.auth.getState().validate();
  }, [stores]);
  return <StoresContext value={stores}>{children}</StoresContext>;
}

export function useAppStores(): AppStores {
  const stores = use(StoresContext);
  if (!stores) throw new Error('useAppStores must be used inside <StoresProvider>');
  return stores;
}

export function useAuthStore<T>(selector: (state: AuthState) => T): T {
  return useStore(useAppStores().auth, selector);
}

export function useUserStore<T>(selector: (state: UserState) => T): T {
  return useStore(useAppStores().user, selector);
}

export function useBookingStore<T>(selector: (state: BookingState) => T): T {
  return useStore(useAppStores().booking, selector);
}

export function useBookingAppointmentStore<T>(selector: (state: BookingAppointmentState) => T): T {
  return useStore(useAppStores().bookingAppointment, selector);
}

export function useIntakeStore<T>(selector: (state: IntakeState) => T): T {
  return useStore(useAppStores().intake, selector);
}

export function useServicesStore<T>(selector: (state: CachedListState<Service>) => T): T {
  return useStore(useAppStores().services, selector);
}

export function useSkillsStore<T>(selector: (state: CachedListState<Skill>) => T): T {
  return useStore(useAppStores().skills, selector);
}

/**
 * Registers a reset that runs when the visitor signs out (for booking stores). Pass a stable
 * function (a store action), or it is registered again on every render.
 */
export function useOnLogout(reset: () => void): void {
  const { logout } = useAppStores();
  useEffect(() => logout.subscribe(reset), [logout, reset]);
}
