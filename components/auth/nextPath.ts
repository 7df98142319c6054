import { pathnames, type AppPathname } from '@/lib/i18n/routing';

/** Pages of the route table without parameters: where a sign-in may return to. */
export type StaticPathname = Exclude<AppPathname, `${string}[${string}`>;

/** Account pages never make sense as a destination after signing in. */
const notAfterSignIn = new Set<string>([
  '/login',
  '/signup',
  '/signup/employee',
  '/verify-email',
  '/verify-email-prompt',
  '/password-reset',
  '/password-reset-prompt',
]);

const ORIGIN = 'http://return-path.invalid';

/**
 * A `next` return path is kept only if it stays on this site: a relative path that starts with
 * one '/', with no backslash or control character that a browser could read as another host.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || value.length > 512) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const url = new URL(value, ORIGIN);
    return url.origin === ORIGIN ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/** One page of the route table (a union member per page, as the typed router expects). */
export type ReturnHref = { [P in StaticPathname]: { pathname: P; query?: Record<string, string> } }[StaticPathname];

/**
 * Where to go after signing in. `next` holds a page's internal pathname (as the guard saw it,
 * the same in both languages) with its query; anything else goes to the profile.
 */
export function returnHref(next: string | null | undefined): ReturnHref {
  const safe = safeNextPath(next);
  if (safe) {
    const url = new URL(safe, ORIGIN);
    const pathname = url.pathname;
    if (pathname in pathnames && !pathname.includes('[') && !notAfterSignIn.has(pathname)) {
      const query = Object.fromEntries(url.searchParams);
      const href = { pathname } as ReturnHref;
      return Object.keys(query).length > 0 ? { ...href, query } : href;
    }
  }
  return { pathname: '/profile' };
}
