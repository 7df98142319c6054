'use client';

import { lazy, Suspense } from 'react';
import { describeError } from '@/lib/errors/errorKind';

// Loaded only when an error happens, so its animation code stays off every page's bundle (React's
// lazy: next/dynamic's own code would load with every page for it).
const ErrorScreen = lazy(() => import('@/components/error/ErrorScreen').then((m) => ({ default: m.ErrorScreen })));

export default function LocaleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const { status, message } = describeError(error);
  return (
    <Suspense fallback={null}>
      <ErrorScreen status={status} message={message} stack={error.stack} onReset={reset} />
    </Suspense>
  );
}
