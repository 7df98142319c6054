'use client';

import { useTranslations } from 'next-intl';
import { useEffect, type ReactNode } from 'react';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { useAuthStore } from '@/stores/StoresProvider';
import styles from './auth.module.css';

/**
 * SPEC §4: before showing a page that needs an account, a visitor not marked authenticated has
 * the stored session validated; on failure they go to the sign-in page, which brings them back
 * here (`next`, this page's internal pathname) once signed in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const t = useTranslations('Auth.guard');
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const validate = useAuthStore((s) => s.validate);
  const pathname = usePathname();
  const router = useRouter();

  useEffect(() => {
    if (isAuthenticated) return;
    let current = true;
    void validate().then((valid) => {
      if (current && !valid) router.replace({ pathname: '/login', query: { next: pathname } });
    });
    return () => {
      current = false;
    };
  }, [isAuthenticated, validate, router, pathname]);

  if (isAuthenticated) return <>{children}</>;
  return (
    <p className={styles.status} role="status">
      {t('checking')}
    </p>
  );
}
