'use client';

import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToastKind } from '@/lib/api/settings';

// The container and react-toastify load with the first toast: most pages never raise one. It is
// never drawn on the server (the snapshot below is false there), so React's lazy is enough.
const ToastHost = lazy(() => import('./ToastHost'));

let hostWanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Shows a toast (SPEC §8, §9). The first one mounts the container; react-toastify queues what is
 * raised before its container exists and shows it once the container mounts.
 */
export function showToast(kind: ToastKind, message: string): void {
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of [...listeners]) listener();
  }
  void import('react-toastify').then(({ toast }) => toast(message, { type: kind }));
}

/** Where the toast container goes; empty until a first toast is shown. */
export function Toasts() {
  const wanted = useSyncExternalStore(subscribe, () => hostWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}
