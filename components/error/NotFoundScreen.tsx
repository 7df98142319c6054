'use client';

import { lazy, Suspense, useSyncExternalStore } from 'react';

// Server-rendered as usual, but its code loads only on a 404, not with every page that carries a
// not-found boundary (React's lazy: next/dynamic's own code would load with every page for it).
const ErrorScreen = lazy(() => import('./ErrorScreen').then((m) => ({ default: m.ErrorScreen })));

const subscribeToNothing = () => () => {};
const browserPath = () => window.location.pathname;
const noPath = () => null;

/**
 * SPEC §8: an unknown route reads 'Page Not Found: {path}', titled 'Page not found'. The page is
 * prerendered once for every unknown address, so the address comes from the browser: the HTML
 * carries the default 404 message, which the path replaces once the page runs. `pathMessage` is
 * the ErrorScreen.notFoundPath message as written (from the server), with `{path}` in it.
 */
export function NotFoundScreen({ pathMessage }: { pathMessage: string }) {
  const path = useSyncExternalStore(subscribeToNothing, browserPath, noPath);
  return (
    <Suspense fallback={null}>
      <ErrorScreen status={404} message={path === null ? undefined : pathMessage.replace('{path}', path)} />
    </Suspense>
  );
}
