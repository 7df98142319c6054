'use client';

import { useTranslations } from 'next-intl';
import { useUserStore } from '@/stores/StoresProvider';
import { selectRoleDescription } from '@/stores/user';

/** SPEC §6: 'Employee', 'Patient' or 'Unknown', in the interface language. */
export function useRoleDescription(): string {
  const t = useTranslations('Profile.roles');
  return t(useUserStore(selectRoleDescription));
}
