import { describe, expect, it } from 'vitest';
import { getPathname } from '@/lib/i18n/navigation';
import { localizedPath } from '@/lib/i18n/paths';
import {
  isListedPathname,
  locales,
  pathnames,
  routeName,
  routing,
  type AppPathname,
  type Locale,
} from '@/lib/i18n/routing';

/**
 * next-intl runs as an external (native Node ESM) dependency here and imports `next/navigation`
 * without the `.js` Node's ESM resolver needs for `next` (it has no exports map); Next's bundler
 * resolves it in the app. This resolve hook does the same for the tests. (The vitest config could
 * instead inline next-intl: `server.deps.inline: ['next-intl']`.)
 */

/**
 * Every page of the product spec, English path -> French path, written out by hand.
 * `{x}` marks a parameter.
 */
const SPEC: ReadonlyArray<readonly [string, string]> = [
  ['/', '/fr'],
  ['/profile', '/fr/profile'],
  ['/login', '/fr/connexion'],
  ['/signup', '/fr/inscription'],
  ['/signup/employee', '/fr/inscription/employe'],
  ['/verify-email', '/fr/verifier-courriel'],
  ['/verify-email-prompt', '/fr/demande-de-verification-email'],
  ['/password-reset', '/fr/reinitialiser-le-mot-de-passe'],
  ['/password-reset-prompt', '/fr/reinitialiser-le-mot-de-passe-prompt'],
  ['/change-password', '/fr/changer-mot-de-passe'],
  ['/reset-password/{uid}/{token}', '/fr/reset-password/{uid}/{token}'],
  ['/blogs', '/fr/blogs'],
  ['/blog/{slug}', '/fr/blog/{slug}'],
  ['/quick-bites', '/fr/quick-bites'],
  ['/quick-bite/{slug}', '/fr/quick-bite/{slug}'],
  ['/about-us', '/fr/a-propos'],
  ['/about-us/our-team', '/fr/a-propos/notre-equipe'],
  ['/contact-us', '/fr/nous-contacter'],
  ['/privacy-policy', '/fr/politique-de-confidentialite'],
  ['/terms-and-conditions', '/fr/conditions-dutilisation'],
  ['/book-online', '/fr/reserver-en-ligne'],
  ['/patient-form', '/fr/formulaire-patient'],
  ['/services/group-programs', '/fr/services/programmes-de-groupe'],
  ['/services/corporate-services', '/fr/services/services-corporatifs'],
  ['/services/individual-consultation', '/fr/services/consultation-individuelle'],
  ['/services/follow-up', '/fr/services/suivi'],
  ['/services/nutrition-plan', '/fr/services/plan-nutritionnel'],
  ['/services/bio-impedance-test', '/fr/services/test-dimpedance-bio'],
  ['/services/grocery-store-tour', '/fr/services/visite-du-magasins-dalimentation'],
  ['/services/nutrition-evaluation', '/fr/services/evaluation-nutritionnelle'],
  ['/specialties/digestive-health', '/fr/specialties/sante-digestive'],
  ['/specialties/sports-nutrition', '/fr/specialties/nutrition-sportive'],
  ['/specialties/weight-management', '/fr/specialties/gestion-du-poids'],
  ['/specialties/clinical-nutrition', '/fr/specialties/nutrition-clinique'],
  ['/specialties/pediatric-nutrition', '/fr/specialties/nutrition-pediatrique'],
  ['/specialties/pregnancy-nutrition', '/fr/specialties/pregnancy-nutrition'],
];

/**
 * Pages added by issues beyond the spec's list (issue 7: the clinic's review of intake forms;
 * issue 8: running the clinic).
 * Each one is named here on purpose, so no other page can slip into the table unnoticed.
 */
const ADDED: ReadonlyArray<readonly [string, string]> = [
  ['/profile/intake-forms', '/fr/profile/formulaires-accueil'],
  ['/profile/intake-forms/{id}', '/fr/profile/formulaires-accueil/{id}'],
  ['/profile/schedule', '/fr/profile/horaire'],
  ['/profile/agenda', '/fr/profile/agenda'],
  ['/profile/patients', '/fr/profile/patients'],
  ['/profile/patients/{id}', '/fr/profile/patients/{id}'],
  ['/profile/team', '/fr/profile/equipe'],
  // Issue 15: an appointment opened from the link in its e-mails.
  ['/manage-appointment', '/fr/gerer-mon-rendez-vous'],
  // Issue 16: the clinic's waitlist, and a place on it opened from its e-mails.
  ['/profile/waitlist', '/fr/profile/liste-attente'],
  ['/waitlist', '/fr/liste-attente'],
  // Issue 28: the clinic's group sessions.
  ['/profile/group-sessions', '/fr/profile/seances-de-groupe'],
  // Issue 30: the administrators' records requests, and a guest's request for their data.
  ['/profile/records-requests', '/fr/profile/demandes-de-dossiers'],
  ['/my-data-request', '/fr/demande-de-donnees'],
  // Issue 38: where a handout link past its days leads.
  ['/handout-link-expired', '/fr/lien-document-expire'],
  // Issue 39: the administrators' backups.
  ['/profile/backups', '/fr/profile/sauvegardes'],
  // Issue 40: a patient's clinical record, and one entry of it.
  ['/profile/patients/{id}/chart', '/fr/profile/patients/{id}/dossier-clinique'],
  ['/profile/chart-entries/{id}', '/fr/profile/notes-au-dossier/{id}'],
];

const ALL = [...SPEC, ...ADDED];

const UNLISTED = [
  '/profile',
  '/profile/intake-forms',
  '/profile/intake-forms/{id}',
  '/profile/schedule',
  '/profile/agenda',
  '/profile/patients',
  '/profile/patients/{id}',
  '/profile/team',
  '/login',
  '/signup',
  '/signup/employee',
  '/verify-email',
  '/verify-email-prompt',
  '/password-reset',
  '/password-reset-prompt',
  '/change-password',
  '/reset-password/{uid}/{token}',
  '/manage-appointment',
  '/profile/waitlist',
  '/profile/group-sessions',
  '/waitlist',
  '/profile/records-requests',
  '/my-data-request',
  '/handout-link-expired',
  '/profile/backups',
  '/profile/patients/{id}/chart',
  '/profile/chart-entries/{id}',
];

/** '/blog/{slug}' -> '/blog/[slug]', the internal pathname of the route table. */
const internalOf = (specPath: string) => specPath.replace(/\{(\w+)\}/g, '[$1]') as AppPathname;

/** Parameter values that look nothing like their names, so a leaked template shows. */
const PARAMS: Record<string, string> = {
  uid: 'MjQ',
  token: 'c7x-9f2a',
  slug: 'kale-chips',
  id: '3f6c1a9e-8b2d-4e7f-9a10-5c4d3b2a1f00',
};
const fill = (specPath: string) => specPath.replace(/\{(\w+)\}/g, (_, name: string) => PARAMS[name] ?? name);
const paramsOf = (specPath: string) =>
  Object.fromEntries([...specPath.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, PARAMS[name!]!]));

function href(specPath: string) {
  const pathname = internalOf(specPath);
  const params = paramsOf(specPath);
  return (Object.keys(params).length > 0 ? { pathname, params } : pathname) as Parameters<
    typeof getPathname
  >[0]['href'];
}

const allPathnames = Object.keys(pathnames) as AppPathname[];

describe('route table', () => {
  it('holds exactly the pages of the spec and those added by issues, no more and no fewer', () => {
    expect([...allPathnames].sort()).toEqual(ALL.map(([en]) => internalOf(en)).sort());
    expect(allPathnames).toHaveLength(36 + ADDED.length);
  });

  it('is the table the router is configured with, for English (default, unprefixed) and French', () => {
    expect(routing.locales).toEqual(['en', 'fr']);
    expect(routing.defaultLocale).toBe('en');
    expect(routing.localePrefix).toBe('as-needed');
    expect(routing.pathnames).toBe(pathnames);
  });

  it.each(ALL)('%s <-> %s', (en, fr) => {
    expect(getPathname({ href: href(en), locale: 'en' })).toBe(fill(en));
    expect(getPathname({ href: href(en), locale: 'fr' })).toBe(fill(fr));
    // The plain builder used by e-mails, sitemaps and scripts agrees with next-intl.
    expect(localizedPath(internalOf(en), 'en', paramsOf(en))).toBe(fill(en));
    expect(localizedPath(internalOf(en), 'fr', paramsOf(en))).toBe(fill(fr));
  });

  it('fills dynamic segments with the given params, never leaving a [template] in the URL', () => {
    expect(getPathname({ href: { pathname: '/blog/[slug]', params: { slug: 'x' } }, locale: 'en' })).toBe('/blog/x');
    expect(getPathname({ href: { pathname: '/blog/[slug]', params: { slug: 'x' } }, locale: 'fr' })).toBe(
      '/fr/blog/x',
    );
    expect(
      getPathname({
        href: { pathname: '/reset-password/[uid]/[token]', params: { uid: 'u1', token: 't2' } },
        locale: 'fr',
      }),
    ).toBe('/fr/reset-password/u1/t2');
  });

  it('keeps a query string on localized paths', () => {
    expect(getPathname({ href: { pathname: '/book-online', query: { service: 'follow-up' } }, locale: 'fr' })).toBe(
      '/fr/reserver-en-ligne?service=follow-up',
    );
  });
});

describe('routeName', () => {
  it.each([
    ['/', 'en', 'index___en'],
    ['/', 'fr', 'index___fr'],
    ['/about-us/our-team', 'fr', 'about-us-our-team___fr'],
    ['/about-us/our-team', 'en', 'about-us-our-team___en'],
    ['/blog/[slug]', 'en', 'blog-slug___en'],
    ['/reset-password/[uid]/[token]', 'fr', 'reset-password-uid-token___fr'],
    ['/services/follow-up', 'en', 'services-follow-up___en'],
    ['/book-online', 'fr', 'book-online___fr'],
    ['/profile/intake-forms/[id]', 'fr', 'profile-intake-forms-id___fr'],
  ] as const)('%s in %s is %s', (pathname, locale, name) => {
    expect(routeName(pathname, locale)).toBe(name);
  });

  it('gives every page of every language a unique name ending in ___en or ___fr', () => {
    const names = allPathnames.flatMap((p) => locales.map((l: Locale) => routeName(p, l)));
    expect(names).toHaveLength(ALL.length * 2);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9-]+___(en|fr)$/);
  });
});

describe('isListedPathname', () => {
  it.each(UNLISTED)('keeps %s out of search listings', (path) => {
    expect(isListedPathname(internalOf(path))).toBe(false);
  });

  it.each(ALL.map(([en]) => en).filter((p) => !UNLISTED.includes(p)))('lists %s', (path) => {
    expect(isListedPathname(internalOf(path))).toBe(true);
  });

  it('lists 26 of the 53 pages (none of those added by issues)', () => {
    expect(allPathnames).toHaveLength(53);
    expect(allPathnames.filter(isListedPathname)).toHaveLength(26);
  });
});
