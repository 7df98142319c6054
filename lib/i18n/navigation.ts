import { usePathname as useBrowserPathname, useRouter as useNextRouter } from 'next/navigation';
import { useMemo } from 'react';
import { getPathname, type Href } from './href';
import { routeTemplateOf } from './matchRoute';
import type { Locale } from './routing';
import { useCurrentLocale } from './useCurrentLocale';

// The only place the app gets Link and friends: they know the route table. Written on Next's own
// Link and router rather than next-intl's navigation, whose link needs the i18n runtime in the
// browser on every page (issue 14); messages stay with next-intl.
export { getPathname, type Href } from './href';
export { Link } from './Link';
export { useCurrentLocale } from './useCurrentLocale';

/** The page's route template ('/blog/[slug]', '/about-us'), whatever the language of its address. */
export function usePathname(): string {
  return routeTemplateOf(useBrowserPathname() ?? '/');
}

interface NavigateOptions {
  locale?: Locale;
  scroll?: boolean;
}

/** Next's router, taking the route table's hrefs in the page's language (or `locale`). */
export function useRouter() {
  const router = useNextRouter();
  const current = useCurrentLocale();
  return useMemo(() => {
    const path = (href: Href, options?: NavigateOptions) => getPathname({ href, locale: options?.locale ?? current });
    return {
      push: (href: Href, options?: NavigateOptions) =>
        options?.scroll === undefined ? router.push(path(href, options)) : router.push(path(href, options), { scroll: options.scroll }),
      replace: (href: Href, options?: NavigateOptions) =>
        options?.scroll === undefined ? router.replace(path(href, options)) : router.replace(path(href, options), { scroll: options.scroll }),
      prefetch: (href: Href, options?: NavigateOptions) => router.prefetch(path(href, options)),
      back: () => router.back(),
      forward: () => router.forward(),
      refresh: () => router.refresh(),
    };
  }, [router, current]);
}
