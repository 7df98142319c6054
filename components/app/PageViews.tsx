'use client';

import { lazy, Suspense, useEffect } from 'react';
import { useCurrentLocale, usePathname as useRouteTemplate } from '@/lib/i18n/navigation';
import { whenIdle } from '@/lib/app/whenIdle';
import { routeName, pathnames, type AppPathname } from '@/lib/i18n/routing';
import { usePathname } from 'next/navigation';

const analyticsSrc = process.env.NEXT_PUBLIC_ANALYTICS_SRC;
// next/script loads only on a site that has an analytics script.
const Script = analyticsSrc ? lazy(() => import('next/script')) : null;

/**
 * First-party page views: route name and path, nothing else (no IP, no cookie).
 * The optional analytics script is served from our own origin.
 */
export function PageViews() {
  const path = usePathname();
  const template = useRouteTemplate() as string;
  const locale = useCurrentLocale();

  useEffect(() => {
    const route = template in pathnames ? routeName(template as AppPathname, locale) : 'not-found';
    // Account pages are counted by their template: their addresses may carry an identifier
    // (an intake submission's id) that has no place in analytics.
    const counted = template.startsWith('/profile') ? template : path;
    // Sent once the page is idle, out of the hydration task. Not cancelled when the visitor moves
    // on first: every page seen is counted, in order. keepalive lets the request finish even when
    // the visitor leaves the page at once.
    whenIdle(() => {
      fetch('/api/analytics/pageview', {
        method: 'POST',
        body: JSON.stringify({ route, path: counted, locale }),
        keepalive: true,
        headers: { 'Content-Type': 'application/json' },
      }).catch(() => {});
    });
  }, [path, template, locale]);

  return Script ? (
    <Suspense fallback={null}>
      <Script src={analyticsSrc} strategy="lazyOnload" />
    </Suspense>
  ) : null;
}
