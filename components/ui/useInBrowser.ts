import { useSyncExternalStore } from 'react';

const subscribeToNothing = (): (() => void) => () => {};

/**
 * False on the server and in the render that hydrates the server's HTML, true after: for parts
 * drawn in the browser only, without a mismatch with the server's HTML.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(subscribeToNothing, () => true, () => false);
}
