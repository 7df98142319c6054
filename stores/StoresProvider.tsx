'use client';

import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { authApi, type AuthApi } from '@/lib/api/auth';
import { useCurrentLocale } from '@/lib/i18n/navigation';
import type { BookingApi } from '@/lib/api/booking';
import { createAuthStore, createLogoutRegistry, type AuthState, type AuthStore, type LogoutRegistry } from './auth';
import type { IntakeStore } from './intake';
import { INTAKE_DRAFT_KEY } from './intakeDraftKey';
import type { BookingStores } from './bookingStores';
import { createUserStore, type UserState, type UserStore } from './user';

/**
 * The per-visitor stores (SPEC §3 client stores). Every page has the session's (auth, user); the
 * booking and intake stores are made by the pages that use them, on first use, and kept for the
 * visit (stores/useBookingStores.ts, stores/useIntake.ts): their code and schemas stay out of the
 * other pages' JavaScript (issue 14).
 */
export interface AppStores {
  auth: AuthStore;
  user: UserStore;
  /** Resets to run at sign-out: each store registers its own when made. */
  logout: LogoutRegistry;
  /** The interface language when the stores were made (the booking's default session language). */
  language: 'en' | 'fr';
  /** The booking calls the booking stores use; undefined: the real client (tests hand in their own). */
  bookingApi?: BookingApi;
  /** The booking, booking-appointment, services and skills stores, once a page has asked for them. */
  bookingSlot: { stores: BookingStores | null };
  /** The intake form's draft (kept in the browser's storage), once an intake page has asked for it. */
  intakeSlot: { store: IntakeStore | null };
}

export function createAppStores(api: AuthApi = authApi, bookingApi?: BookingApi, language: 'en' | 'fr' = 'en'): AppStores {
  const user = createUserStore();
  const logout = createLogoutRegistry();
  const stores: AppStores = {
    user,
    logout,
    auth: createAuthStore({ api, user, onLogout: logout }),
    language,
    bookingApi,
    bookingSlot: { stores: null },
    intakeSlot: { store: null },
  };
  // SPEC §4: signing out resets every booking store (they register their own resets when made).
  logout.subscribe(() => {
    // The intake draft holds health information: it leaves the browser with the person (their
    // account keeps a copy), so the next person at a shared computer does not see it. The store
    // clears its own copy (useIntake.ts); this clears the browser's when the store was never made.
    if (typeof window !== 'undefined') {
      try {
        window.localStorage.removeItem(INTAKE_DRAFT_KEY);
      } catch {
        // Storage refused (private mode): nothing was kept there either.
      }
    }
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
  const locale = useCurrentLocale();
  const [stores] = useState(() => given ?? createAppStores(authApi, undefined, locale));
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
