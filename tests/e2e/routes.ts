import en from '../../messages/en.json';
import fr from '../../messages/fr.json';
import { localizedPath } from '../../lib/i18n/paths';
import { contentPathnames, pathnames, type AppPathname, type Locale } from '../../lib/i18n/routing';

const messages = { en, fr } as const;
const site = ' | Équilibre Nutrition';

/** Sample values for the pages that take parameters. */
const sampleParams: Record<string, Record<string, string>> = {
  '/reset-password/[uid]/[token]': { uid: 'MTI', token: 'c3f9a1b2d4e5' },
  '/blog/[slug]': { slug: 'not-published' },
  '/quick-bite/[slug]': { slug: 'not-published' },
  // Any id: signed out, the page sends the visitor to sign in before asking for the submission.
  '/profile/intake-forms/[id]': { id: '3f6c1a9e-8b2d-4e7f-9a10-5c4d3b2a1f00' },
  '/profile/patients/[id]': { id: '1' },
  '/profile/patients/[id]/chart': { id: '1' },
  '/profile/chart-entries/[id]': { id: '3f6c1a9e-8b2d-4e7f-9a10-5c4d3b2a1f00' },
};

/** The address of a page of the route table in a language, params filled in. */
export function urlOf(pathname: AppPathname, locale: Locale): string {
  return localizedPath(pathname, locale, sampleParams[pathname]);
}

/** The document title a page should have, from the same messages the app uses. */
export function expectedTitle(pathname: AppPathname, locale: Locale): string {
  const m = messages[locale];
  if (pathname === '/') return m.Metadata.homeTitle;
  const [, section, slug] = pathname.split('/');
  if (section === 'services') return m.Services[slug as keyof typeof m.Services].name + site;
  if (section === 'specialties') return m.Specialties[slug as keyof typeof m.Specialties].name + site;
  if (pathname === '/blog/[slug]' || pathname === '/quick-bite/[slug]') return m.ErrorScreen.notFoundDocumentTitle;
  const key = pathname.slice(1).replace(/[[\]]/g, '').replaceAll('/', '-') as keyof typeof m.Pages;
  return m.Pages[key].title + site;
}

/** Pages that answer 404 until their content exists (no post is published yet). */
export const unpublished = new Set<AppPathname>(['/blog/[slug]', '/quick-bite/[slug]']);

/** Pages that need a signed-in visitor. */
export const guarded = new Set<AppPathname>([
  '/profile',
  '/profile/intake-forms',
  '/profile/intake-forms/[id]',
  '/profile/schedule',
  '/profile/agenda',
  '/profile/patients',
  '/profile/patients/[id]',
  '/profile/team',
  '/profile/waitlist',
  '/profile/group-sessions',
  '/profile/records-requests',
  '/profile/backups',
  '/profile/patients/[id]/chart',
  '/profile/chart-entries/[id]',
  '/change-password',
]);

/** Content pages (issue 14): prerendered, with a hash-based policy and cacheable headers. */
export const prerendered = new Set<AppPathname>(contentPathnames);

export const allPathnames = Object.keys(pathnames) as AppPathname[];
export { messages };
