import { createStore, type StoreApi } from 'zustand/vanilla';
import { readApiFailure, type AuthApi, type LoginCredentials, type User } from '@/lib/api/auth';
import type { UserStore } from './user';

/**
 * Stores that hold per-visitor data subscribe here (booking stores, once they exist) and are
 * reset when the visitor signs out (SPEC §4: logout resets every booking store).
 */
export interface LogoutRegistry {
  /** Adds a reset; returns the function that removes it. */
  subscribe: (reset: () => void) => () => void;
  /** Runs every reset; one failing reset does not stop the others. */
  run: () => void;
}

export function createLogoutRegistry(): LogoutRegistry {
  const resets = new Set<() => void>();
  return {
    subscribe(reset) {
      resets.add(reset);
      return () => {
        resets.delete(reset);
      };
    },
    run() {
      for (const reset of [...resets]) {
        try {
          reset();
        } catch (error) {
          console.error(error);
        }
      }
    },
  };
}

export type LoginResult =
  | { ok: true; user: User | null }
  | {
      ok: false;
      status: number | null;
      code: string | null;
      /** The server's message (already localized), or null: the form shows its own fallback. */
      message: string | null;
      requireEmailVerification: boolean;
      passwordResetRequired: boolean;
      retryAfterSeconds: number | null;
    };

export interface AuthState {
  /** The visitor holds a live session (as far as the last check or sign-in knows). */
  isAuthenticated: boolean;
  /** The start-up check (or a sign-in or sign-out) has settled: signed-in UI may render. */
  validated: boolean;
  /** Loading the current user failed: the profile shown may be missing or stale. */
  needsRefresh: boolean;
  /** The address a verification or reset link was sent to, for the "check your inbox" pages. */
  pendingEmail: string | null;

  /** GET /api/auth/validate-token; an invalid token or a failed check clears user data. */
  validate: () => Promise<boolean>;
  /** POST /api/auth/login; success sets the flag and refreshes the profile, failure clears user data. */
  login: (credentials: LoginCredentials) => Promise<LoginResult>;
  /** POST /api/auth/logout, then resets auth, the profile and every registered (booking) store. */
  logout: () => Promise<void>;
  /** GET /api/auth/me; a failure marks needsRefresh. */
  refreshProfile: () => Promise<boolean>;
  setPendingEmail: (email: string | null) => void;
}

export type AuthStore = StoreApi<AuthState>;

interface Dependencies {
  api: Pick<AuthApi, 'validateToken' | 'login' | 'logout' | 'me'>;
  user: UserStore;
  onLogout: LogoutRegistry;
}

export const initialAuthState = {
  isAuthenticated: false,
  validated: false,
  needsRefresh: false,
  pendingEmail: null,
} satisfies Partial<AuthState>;

/** One per visitor: created inside StoresProvider with the user store and the logout registry. */
export function createAuthStore({ api, user, onLogout }: Dependencies): AuthStore {
  // The check in flight, shared by every caller (start-up and the page guard ask at once).
  let validation: Promise<boolean> | null = null;
  // Bumped by sign-in and sign-out, so an older check cannot overwrite what they decided.
  let epoch = 0;

  return createStore<AuthState>()((set, get) => {
    /** Forget the user; leaving the signed-in state also resets the stores tied to the session. */
    const clearUserData = () => {
      const wasAuthenticated = get().isAuthenticated;
      user.getState().clear();
      set({ isAuthenticated: false, needsRefresh: false });
      if (wasAuthenticated) onLogout.run();
    };

    const refreshProfile = async (): Promise<boolean> => {
      try {
        user.getState().setProfile(await api.me());
        set({ needsRefresh: false });
        return true;
      } catch {
        set({ needsRefresh: true });
        return false;
      }
    };

    return {
      ...initialAuthState,

      validate() {
        if (validation) return validation;
        const startedAt = epoch;
        const check = (async () => {
          let valid = false;
          try {
            valid = await api.validateToken();
          } catch {
            valid = false;
          }
          if (startedAt !== epoch) return get().isAuthenticated;
          if (valid) {
            set({ isAuthenticated: true });
            if (!user.getState().profile) await refreshProfile();
          } else {
            clearUserData();
          }
          set({ validated: true });
          return valid;
        })();
        validation = check;
        void check.finally(() => {
          if (validation === check) validation = null;
        });
        return check;
      },

      async login(credentials) {
        epoch += 1;
        try {
          const { user: signedIn } = await api.login(credentials);
          set({ isAuthenticated: true, validated: true, pendingEmail: null });
          if (signedIn) {
            user.getState().setProfile(signedIn);
            set({ needsRefresh: false });
          } else {
            await refreshProfile();
          }
          return { ok: true, user: user.getState().profile };
        } catch (error) {
          clearUserData();
          set({ validated: true });
          const failure = readApiFailure(error);
          const requireEmailVerification =
            failure.data.require_email_verification === true || failure.code === 'email_not_verified';
          const passwordResetRequired =
            failure.data.password_reset_required === true || failure.code === 'password_reset_required';
          if (requireEmailVerification || passwordResetRequired) set({ pendingEmail: credentials.email });
          return {
            ok: false,
            status: failure.status,
            code: failure.code,
            message: typeof failure.data.message === 'string' ? failure.data.message : failure.message,
            requireEmailVerification,
            passwordResetRequired,
            retryAfterSeconds: failure.retryAfterSeconds,
          };
        }
      },

      async logout() {
        epoch += 1;
        try {
          await api.logout();
        } catch {
          // The server could not be told (the client has toasted why); this browser still signs out.
        }
        user.getState().clear();
        set({ ...initialAuthState, validated: true });
        onLogout.run();
      },

      refreshProfile,

      setPendingEmail: (pendingEmail) => set({ pendingEmail }),
    };
  });
}
