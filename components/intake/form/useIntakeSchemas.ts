'use client';

import { useEffect, useState } from 'react';
import { onFirstUse } from '@/components/ui/form/onFirstUse';
import type { IntakeStep } from '@/lib/schemas/intake';

/** The fifteen step schemas (zod, lib/schemas/intake), downloaded apart from the page. */
export const loadIntakeSteps = (): Promise<readonly IntakeStep[]> => import('@/lib/schemas/intake').then((module) => module.intakeSteps);

/**
 * The step schemas, loaded on the visitor's first focus, touch or key (null until then), so zod
 * and the fifteen schemas stay out of the page's first load (issue #42). If the download fails
 * (offline for a moment), the next use asks again.
 */
export function useIntakeSchemas(): readonly IntakeStep[] | null {
  const [steps, setSteps] = useState<readonly IntakeStep[] | null>(null);
  useEffect(() => {
    let live = true;
    let stop = () => {};
    const wait = () => {
      stop = onFirstUse(() => void loadIntakeSteps().then((loaded) => live && setSteps(loaded), wait));
    };
    wait();
    return () => {
      live = false;
      stop();
    };
  }, []);
  return steps;
}
