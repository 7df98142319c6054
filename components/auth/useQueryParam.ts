'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * One query parameter of the current address: `undefined` while rendering on the server and
 * hydrating (unknown there), then its value or null. Reading it this way keeps the page static
 * (no Suspense boundary around the whole form, as useSearchParams would need).
 */
export function useQueryParam(name: string): string | null | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => new URLSearchParams(window.location.search).get(name),
    () => undefined,
  );
}
