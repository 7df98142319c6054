'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';

/**
 * The texts of one step's fields (Intake.fields.<step>.<field>...): labels, hints, option and
 * column texts. Keys are built from the field specs, so they are looked up untyped.
 */
export function useFieldText(stepId: string) {
  const t = useTranslations('Intake.fields');
  const key = useCallback((...parts: string[]) => [stepId, ...parts].join('.') as never, [stepId]);
  return useMemo(
    () => ({
      label: (name: string) => t(key(name, 'label')),
      hint: (name: string) => (t.has(key(name, 'hint')) ? t(key(name, 'hint')) : undefined),
      option: (name: string, value: string) => t(key(name, 'options', value)),
      column: (name: string, column: string) => t(key(name, 'columns', column, 'label')),
      columnOption: (name: string, column: string, value: string) => t(key(name, 'columns', column, 'options', value)),
      rows: (name: string, part: 'add' | 'remove' | 'row' | 'empty', number?: number) =>
        t(key(name, part), number === undefined ? undefined : ({ number } as never)),
    }),
    [t, key],
  );
}

export type FieldText = ReturnType<typeof useFieldText>;
