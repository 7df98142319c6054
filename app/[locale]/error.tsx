'use client';

import dynamic from 'next/dynamic';
import { describeError } from '@/lib/errors/errorKind';

// Loaded only when an error happens, so its animation code stays off every page's bundle.
const ErrorScreen = dynamic(() => import('@/components/error/ErrorScreen').then((m) => m.ErrorScreen));

export default function LocaleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const { status, message } = describeError(error);
  return <ErrorScreen status={status} message={message} stack={error.stack} onReset={reset} />;
}
