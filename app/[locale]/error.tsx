'use client';

import { ErrorScreen } from '@/components/error/ErrorScreen';
import { describeError } from '@/lib/errors/errorKind';

export default function LocaleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const { status, message } = describeError(error);
  return <ErrorScreen status={status} message={message} stack={error.stack} onReset={reset} />;
}
