'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useUserStore } from '@/stores/StoresProvider';
import styles from './patients.module.css';

/**
 * Patient records are for the clinic's staff: a signed-in patient gets a short notice instead
 * (the API refuses them anyway). Until the profile is known the page renders, and a 403 from the
 * API shows the same notice.
 */
export function StaffOnly({ children }: { children: ReactNode }) {
  const isPatientOnly = useUserStore((s) => s.profile !== null && !s.profile.is_employee);
  if (isPatientOnly) return <StaffOnlyNotice />;
  return <>{children}</>;
}

export function StaffOnlyNotice() {
  const t = useTranslations('ClinicPatients');
  return <p className={styles.notice}>{t('staffOnly')}</p>;
}
