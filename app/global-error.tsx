'use client';

import dynamic from 'next/dynamic';
import { StandaloneErrorPage } from '@/components/error/StandaloneErrorPage';
import { describeError } from '@/lib/errors/errorKind';
import './globals.css';

// Loaded only when an error happens, so its animation code stays off every page's bundle.
const ErrorScreen = dynamic(() => import('@/components/error/ErrorScreen').then((m) => m.ErrorScreen));

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
