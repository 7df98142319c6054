'use client';

import { useEffect, type ReactNode } from 'react';
import { selectLayoutClass, trackScreenWidth, useUiStore } from '@/stores/ui';

/** The page frame; its class follows the screen width (SPEC §2). */
export function SiteFrame({ children }: { children: ReactNode }) {
  const layoutClass = useUiStore(selectLayoutClass);
  useEffect(() => trackScreenWidth(window, useUiStore.getState().setWidth), []);
  return <div className={`site ${layoutClass}`}>{children}</div>;
}
