import { createStore, type StoreApi } from 'zustand/vanilla';
import type { User } from '@/lib/api/auth';
import { fullName } from '@/lib/format/personName';

export interface UserState {
  /** The signed-in user as GET /api/auth/me last returned it; null when signed out or unknown. */
  profile: User | null;
  setProfile: (profile: User) => void;
  clear: () => void;
}

export type UserStore = StoreApi<UserState>;

/** One per visitor: created inside StoresProvider, never shared between server requests. */
export function createUserStore(): UserStore {
  return createStore<UserState>()((set) => ({
    profile: null,
    setProfile: (profile) => set({ profile }),
    clear: () => set({ profile: null }),
  }));
}

/** SPEC §6 role description; the interface shows it through Profile.roles.<value>. */
export type RoleDescription = 'Employee' | 'Patient' | 'Unknown';

export const selectIsEmployee = (s: UserState): boolean => s.profile?.is_employee === true;
export const selectIsPatient = (s: UserState): boolean => s.profile?.is_patient === true;

/** An employee who also has a patient file is described as an employee (the wider role). */
export const selectRoleDescription = (s: UserState): RoleDescription =>
  selectIsEmployee(s) ? 'Employee' : selectIsPatient(s) ? 'Patient' : 'Unknown';

export const selectFullName = (s: UserState): string | null => {
  if (!s.profile) return null;
  const name = s.profile.full_name?.trim() || fullName({ firstName: s.profile.first_name, lastName: s.profile.last_name });
  return name || null;
};

export const selectFirstName = (s: UserState): string | null => s.profile?.first_name?.trim() || null;
