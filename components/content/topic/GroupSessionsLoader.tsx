'use client';

import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { GroupSessionsListProps } from './GroupSessionsList';

// Loaded after hydration, on the group-programs page only: its texts, date formatting and the
// localized links stay out of the service pages' shared JavaScript. React's lazy, not
// next/dynamic, whose own code (3 kB) would otherwise load with every service page.
const GroupSessionsList = lazy(() => import('./GroupSessionsList').then((module) => ({ default: module.GroupSessionsList })));

const subscribeToNothing = () => () => {};

export function GroupSessionsLoader(props: GroupSessionsListProps) {
  // Drawn in the browser only: the list fetches the sessions there, so the page stays prerendered.
  const inBrowser = useSyncExternalStore(subscribeToNothing, () => true, () => false);
  return inBrowser ? (
    <Suspense fallback={null}>
      <GroupSessionsList {...props} />
    </Suspense>
  ) : null;
}
