'use client';

import dynamic from 'next/dynamic';
import { useSyncExternalStore } from 'react';
import type { ToastKind } from '@/lib/api/settings';

// The container and react-toastify load with the first toast: most pages never raise one.
const ToastHost = dynamic(() => import('./ToastHost'), { ssr: false });

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
  return wanted ? <ToastHost /> : null;
}
