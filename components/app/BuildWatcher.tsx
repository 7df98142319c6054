'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { BUILD_CHECK_INTERVAL_MS, currentBuildId, FIRST_BUILD_CHECK_MS, isChunkLoadError } from '@/lib/app/buildCheck';
import { claimReload } from '@/lib/app/reloadGuard';
import { whenIdle } from '@/lib/app/whenIdle';
import { selectNeedsReload, useGeneralStore } from '@/stores/general';

/**
 * Notices a newer deploy (by asking /api/build) or a chunk that failed to load, and
 * reloads on the next navigation so the visitor gets the current build.
 */
export function BuildWatcher() {
  const pathname = usePathname();
  const firstPath = useRef(pathname);

  useEffect(() => {
    const { markBuildOutdated, markChunkLoadFailed } = useGeneralStore.getState();
    const check = async () => {
      try {
        // A plain fetch: a background check never toasts, and content pages need not load axios.
        const response = await fetch(`/api/build?t=${Date.now()}`, { cache: 'no-store' });
        const data = (await response.json()) as { build_id?: string };
        if (response.ok && data.build_id && data.build_id !== currentBuildId) markBuildOutdated();
      } catch {
        // Offline or server restarting: try again at the next interval.
      }
    };
    const onError = (event: ErrorEvent) => isChunkLoadError(event.error) && markChunkLoadFailed();
    const onRejection = (event: PromiseRejectionEvent) => isChunkLoadError(event.reason) && markChunkLoadFailed();
    let cancelIdle = () => {};
    const first = setTimeout(() => (cancelIdle = whenIdle(check)), FIRST_BUILD_CHECK_MS);
    const every = setInterval(check, BUILD_CHECK_INTERVAL_MS);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      clearTimeout(first);
      cancelIdle();
      clearInterval(every);
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    if (selectNeedsReload(useGeneralStore.getState()) && claimReload(window.sessionStorage)) {
      window.location.reload();
    }
  }, [pathname]);

  return null;
}
