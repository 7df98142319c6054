'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import frCA from 'zod/v4/locales/fr-CA.js';

const frenchErrors = frCA().localeError;

/**
 * zodResolver for a shared schema, with zod's own texts (for checks without a Validation key)
 * in the interface language: Canadian French under /fr, zod's English default otherwise.
 */
export function useZodResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  const locale = useLocale();
  return useMemo(
    () => zodResolver(schema as never, locale === 'fr' ? { error: frenchErrors as never } : undefined) as never,
    [schema, locale],
  );
}
