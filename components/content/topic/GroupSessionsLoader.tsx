'use client';

import dynamic from 'next/dynamic';
import type { GroupSessionsListProps } from './GroupSessionsList';

// Loaded after hydration, on the group-programs page only: its texts, date formatting and the
// localized links stay out of the service pages' shared JavaScript.
const GroupSessionsList = dynamic(() => import('./GroupSessionsList').then((module) => module.GroupSessionsList), { ssr: false });

export function GroupSessionsLoader(props: GroupSessionsListProps) {
  return <GroupSessionsList {...props} />;
}
