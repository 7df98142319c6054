'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';

/**
 * Turns a field error into text: shared schemas report keys of the Validation namespace
 * ('required', 'passwordTooShort', ...); server field errors and zod's own texts arrive
 * already written and pass through unchanged.
 */
export function useValidationMessage(): (message: string | undefined) => string | undefined {
  const t = useTranslations('Validation');
  return useCallback(
    (message) => {
      if (!message) return undefined;
      return t.has(message as never) ? t(message as never) : message;
    },
    [t],
  );
}
