'use client';

import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { authApi, type AuthApi } from '@/lib/api/auth';
import { createAuthStore, createLogoutRegistry, type AuthState, type AuthStore, type LogoutRegistry } from './auth';
import { createUserStore, type UserState, type UserStore } from './user';

/** The per-visitor stores (SPEC §3 client stores); booking stores join here when they exist. */
export interface AppStores {
  auth: AuthStore;
  user: UserStore;
  /** Resets to run at sign-out: `useOnLogout` registers one. */
  logout: LogoutRegistry;
}

export function createAppStores(api: AuthApi = authApi): AppStores {
  const user = createUserStore();
  const logout = createLogoutRegistry();
  return { user, logout, auth: createAuthStore({ api, user, onLogout: logout }) };
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
  const [stores] = useState(() => given ?? createAppStores());
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

/**
 * Registers a reset that runs when the visitor signs out (for booking stores). Pass a stable
 * function (a store action), or it is registered again on every render.
 */
export function useOnLogout(reset: () => void): void {
  const { logout } = useAppStores();
  useEffect(() => logout.subscribe(reset), [logout, reset]);
}
