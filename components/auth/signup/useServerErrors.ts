'use client';

import { useEffect } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { StepErrors } from './types';

/** Shows the server's errors for this step at its fields and focuses the first one. */
export function useServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, errors: StepErrors | undefined) {
  useEffect(() => {
    if (!errors) return;
    Object.entries(errors).forEach(([field, message], index) => {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
    });
  }, [errors, setError]);
}
