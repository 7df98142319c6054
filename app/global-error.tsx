'use client';

import { ErrorScreen } from '@/components/error/ErrorScreen';
import { StandaloneErrorPage } from '@/components/error/StandaloneErrorPage';
import { describeError } from '@/lib/errors/errorKind';
import './globals.css';

export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const { status, message } = describeError(error);
  // Drawn in the browser when the layout itself failed: the address tells the language.
  const locale = typeof window !== 'undefined' && /^\/fr(\/|$)/.test(window.location.pathname) ? 'fr' : 'en';
  return (
    <StandaloneErrorPage locale={locale}>
      <ErrorScreen status={status} message={message} stack={error.stack} onReset={reset} />
    </StandaloneErrorPage>
  );
}
