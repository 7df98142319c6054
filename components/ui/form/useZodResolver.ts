'use client';

import { useLocale } from 'next-intl';
import { useEffect, useMemo } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { onFirstUse } from './onFirstUse';

type Schema = z.ZodType<FieldValues, FieldValues>;

/**
 * zodResolver for a shared schema, with zod's own texts (for checks without a Validation key)
 * in the interface language: Canadian French under /fr, zod's English default otherwise.
 *
 * Give it the schema itself, or a loader of it (`() => import('...').then((m) => m.schema)`,
 * declared once at module level): then zod (about 32 kB of gzip) and the resolver stay out of
 * the page's first load and download when the visitor first focuses, touches or types anywhere
 * on the page, well before a first validation (issue #42). The resolver and zod's French texts
 * always load that way.
 */
export function useZodResolver<S extends Schema>(source: S | (() => Promise<S>)): Resolver<z.input<S>, unknown, z.output<S>> {
  const locale = useLocale();
  const { resolver, load } = useMemo(() => {
    let ready: Promise<Resolver<FieldValues>> | undefined;
    const load = () =>
      (ready ??= Promise.all([
        typeof source === 'function' ? source() : source,
        import('@hookform/resolvers/zod'),
        locale === 'fr' ? import('zod/v4/locales/fr-CA.js') : undefined,
      ]).then(
        ([schema, { zodResolver }, french]) =>
          zodResolver(schema as never, french ? { error: french.default().localeError as never } : undefined) as unknown as Resolver<FieldValues>,
        (error: unknown) => {
          // Offline for a moment: the next validation asks again.
          ready = undefined;
          throw error;
        },
      ));
    const resolver: Resolver<FieldValues> = async (values, context, options) => (await load())(values, context, options);
    return { resolver, load };
  }, [source, locale]);

  useEffect(() => onFirstUse(() => void load().catch(() => undefined)), [load]);

  return resolver as never;
}
