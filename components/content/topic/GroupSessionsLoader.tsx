'use client';

import { lazy, Suspense } from 'react';
import { useInBrowser } from '@/components/ui/useInBrowser';
import type { GroupSessionsListProps } from './GroupSessionsList';

// Loaded after hydration, on the group-programs page only: its texts, date formatting and the
// localized links stay out of the service pages' shared JavaScript. React's lazy, not
// next/dynamic, whose own code (3 kB) would otherwise load with every service page.
const GroupSessionsList = lazy(() => import('./GroupSessionsList').then((module) => ({ default: module.GroupSessionsList })));

export function GroupSessionsLoader(props: GroupSessionsListProps) {
  // Drawn in the browser only: the list fetches the sessions there, so the page stays prerendered.
  return useInBrowser() ? (
    <Suspense fallback={null}>
      <GroupSessionsList {...props} />
    </Suspense>
  ) : null;
}
