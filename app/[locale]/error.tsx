'use client';

import { lazy, Suspense } from 'react';

// Loaded only when an error happens, so its animation code and the reading of the error stay off
// every page's bundle (React's lazy: next/dynamic's own code would load with every page for it).
const CaughtErrorScreen = lazy(() => import('@/components/error/ErrorScreen').then((m) => ({ default: m.CaughtErrorScreen })));

export default function LocaleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <Suspense fallback={null}>
      <CaughtErrorScreen error={error} onReset={reset} />
    </Suspense>
  );
}
