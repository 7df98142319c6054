'use client';

import NextLink from 'next/link';
import type { ComponentProps, MouseEvent } from 'react';
import { getPathname, type Href } from './href';
import { defaultLocale, LOCALE_COOKIE_MAX_AGE, type Locale } from './routing';
import { useCurrentLocale } from './useCurrentLocale';

type Props = Omit<ComponentProps<typeof NextLink>, 'href' | 'locale'> & {
  href: Href;
  /** Another language than the page's: the link goes to that language's address of the page. */
  locale?: Locale;
};

/**
 * A link to a page of the route table, in the page's language (or `locale`). Next's own Link with
 * the address worked out from the route table: no i18n runtime loads with it (issue 14).
 */
export function Link({ href, locale, onClick, ...props }: Props) {
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
  return <NextLink href={address} onClick={remember} {...(switching && { prefetch: false })} {...props} />;
}
