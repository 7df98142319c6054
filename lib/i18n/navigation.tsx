'use client';

import NextLink from 'next/link';
import { useParams, usePathname as useBrowserPathname, useRouter as useNextRouter } from 'next/navigation';
import { useMemo, type ComponentProps, type MouseEvent } from 'react';
import { getPathname, type Href } from './href';
import { localeOfPath, routeTemplateOf } from './matchRoute';
import { contentPathnames, defaultLocale, LOCALE_COOKIE_MAX_AGE, type AppPathname, type Locale } from './routing';

// The only place the app gets Link and the navigation hooks: they know the route table. Built on
// Next's own Link and router rather than next-intl's navigation, whose link needs the i18n runtime
// in the browser on every page (issue 14); messages stay with next-intl. Server code (metadata,
// the middleware) builds addresses with getPathname from ./href, which this module re-exports.
export { getPathname, type Href } from './href';

/**
 * The page's language: its [locale] segment, or else its address (/fr...), as for the root 404
 * page, which has no segment.
 */
export function useCurrentLocale(): Locale {
  const params = useParams<{ locale?: string }>();
  const path = useBrowserPathname();
  if (params?.locale === 'fr' || params?.locale === 'en') return params.locale;
  return localeOfPath(path ?? '/');
}

type LinkProps = Omit<ComponentProps<typeof NextLink>, 'href' | 'locale'> & {
  href: Href;
  /** Another language than the page's: the link goes to that language's address of the page. */
  locale?: Locale;
};

const contentPages = new Set<AppPathname>(contentPathnames);

/**
 * A link to a page of the route table, in the page's language (or `locale`). Links to the content
 * pages (which share their code) prefetch their page when the visitor shows the intent to follow
 * them: a pointer over the link, a touch, or keyboard focus (issue #42), not when they scroll into
 * view, so a first visit on a phone downloads what it shows and nothing for the links it never
 * follows. Links to the booking, intake and account pages never prefetch (issue 14): their code
 * loads on click. A link that says `prefetch` keeps Next's own behaviour.
 */
export function Link({ href, locale, onClick, onMouseEnter, onTouchStart, onFocus, prefetch, ...props }: LinkProps) {
  const router = useNextRouter();
  const current = useCurrentLocale();
  const target = locale ?? current;
  const switching = target !== current;
  const remember = (event: MouseEvent<HTMLAnchorElement>) => {
    // The language chosen by following the switcher is the one the next visit opens in.
    if (switching) document.cookie = `NEXT_LOCALE=${target}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax`;
    onClick?.(event);
  };
  const path = getPathname({ href, locale: target });
  // To English from French: /en/..., which the middleware answers by setting the language cookie and
  // redirecting to the unprefixed address, so the switch holds even before the page's scripts run.
  const address = switching && target === defaultLocale ? `/${defaultLocale}${path === '/' ? '' : path}` : path;
  const pathname = typeof href === 'string' ? href : href.pathname;
  const onIntent = prefetch === undefined && !switching && contentPages.has(pathname);
  const intent = () => {
    if (onIntent) router.prefetch(address);
  };
  return (
    <NextLink
      href={address}
      onClick={remember}
      prefetch={prefetch ?? false}
      onMouseEnter={(event) => {
        intent();
        onMouseEnter?.(event);
      }}
      onTouchStart={(event) => {
        intent();
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        intent();
        onFocus?.(event);
      }}
      {...props}
    />
  );
}

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
