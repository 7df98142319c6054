'use client';

import { lazy, Suspense } from 'react';
import { StandaloneErrorPage } from '@/components/error/StandaloneErrorPage';
import './globals.css';

// Loaded only when an error happens, so its animation code and the reading of the error stay off
// every page's bundle. React's lazy, not next/dynamic: next/dynamic's own code (3 kB) would load
// with every page for it.
const CaughtErrorScreen = lazy(() => import('@/components/error/ErrorScreen').then((m) => ({ default: m.CaughtErrorScreen })));

export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  // Drawn in the browser when the layout itself failed: the address tells the language.
  const locale = typeof window !== 'undefined' && /^\/fr(\/|$)/.test(window.location.pathname) ? 'fr' : 'en';
  return (
    <StandaloneErrorPage locale={locale}>
      <Suspense fallback={null}>
        <CaughtErrorScreen error={error} onReset={reset} />
      </Suspense>
    </StandaloneErrorPage>
  );
}
