'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';

/**
 * A field error as text: the shared schema's keys live in Validation (shared texts) or in
 * ClinicSchedule.errors (this page's); server field errors arrive already written.
 */
export function useScheduleError(): (message: string | undefined) => string | undefined {
  const validation = useTranslations('Validation');
  const own = useTranslations('ClinicSchedule.errors');
  return useCallback(
    (message) => {
      if (!message) return undefined;
      if (validation.has(message as never)) return validation(message as never);
      return own.has(message as never) ? own(message as never) : message;
    },
    [validation, own],
  );
}

/** Field path -> first message, from a zod error's issues or a server's field_errors. */
export function firstErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

export function firstServerErrors(fieldErrors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrors).flatMap(([field, list]) => (list[0] ? [[field, list[0]]] : [])));
}
