import { defineRouting } from 'next-intl/routing';

export const locales = ['en', 'fr'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** BCP 47 tags for each interface language (SPEC §9). */
export const localeTags: Record<Locale, string> = { en: 'en-US', fr: 'fr-FR' };

/**
 * The one route table: every page of SPEC §2, keyed by its internal (English)
 * pathname, with its English and French paths exactly as the spec writes them.
 * Sitemaps, navigation, the language switcher and the tests all read this.
 */
export const pathnames = {
  '/': { en: '/', fr: '/' },
  '/profile': { en: '/profile', fr: '/profile' },
  // Added by issue 7 (review of intake submissions), beyond the pages SPEC §2 lists.
  '/profile/intake-forms': { en: '/profile/intake-forms', fr: '/profile/formulaires-accueil' },
  '/profile/intake-forms/[id]': { en: '/profile/intake-forms/[id]', fr: '/profile/formulaires-accueil/[id]' },
  '/profile/schedule': { en: '/profile/schedule', fr: '/profile/horaire' },
  '/profile/agenda': { en: '/profile/agenda', fr: '/profile/agenda' },
  '/profile/patients': { en: '/profile/patients', fr: '/profile/patients' },
  '/profile/patients/[id]': { en: '/profile/patients/[id]', fr: '/profile/patients/[id]' },
  // Issue 40: a patient's clinical record, and one entry of it (drafted, signed).
  '/profile/patients/[id]/chart': { en: '/profile/patients/[id]/chart', fr: '/profile/patients/[id]/dossier-clinique' },
  '/profile/chart-entries/[id]': { en: '/profile/chart-entries/[id]', fr: '/profile/notes-au-dossier/[id]' },
  '/profile/team': { en: '/profile/team', fr: '/profile/equipe' },
  // Added by issue 16: the clinic's view of the waitlist.
  '/profile/waitlist': { en: '/profile/waitlist', fr: '/profile/liste-attente' },
  // Issue 28: the clinic's group sessions and series.
  '/profile/group-sessions': { en: '/profile/group-sessions', fr: '/profile/seances-de-groupe' },
  // Issue 30: the administrators' list of records requests (PHIPA s. 54 and 55).
  '/profile/records-requests': { en: '/profile/records-requests', fr: '/profile/demandes-de-dossiers' },
  '/login': { en: '/login', fr: '/connexion' },
  '/signup': { en: '/signup', fr: '/inscription' },
  '/signup/employee': { en: '/signup/employee', fr: '/inscription/employe' },
  '/verify-email': { en: '/verify-email', fr: '/verifier-courriel' },
  '/verify-email-prompt': { en: '/verify-email-prompt', fr: '/demande-de-verification-email' },
  '/password-reset': { en: '/password-reset', fr: '/reinitialiser-le-mot-de-passe' },
  '/password-reset-prompt': {
    en: '/password-reset-prompt',
    fr: '/reinitialiser-le-mot-de-passe-prompt',
  },
  '/change-password': { en: '/change-password', fr: '/changer-mot-de-passe' },
  '/reset-password/[uid]/[token]': {
    en: '/reset-password/[uid]/[token]',
    fr: '/reset-password/[uid]/[token]',
  },
  '/blogs': { en: '/blogs', fr: '/blogs' },
  '/blog/[slug]': { en: '/blog/[slug]', fr: '/blog/[slug]' },
  '/quick-bites': { en: '/quick-bites', fr: '/quick-bites' },
  '/quick-bite/[slug]': { en: '/quick-bite/[slug]', fr: '/quick-bite/[slug]' },
  '/about-us': { en: '/about-us', fr: '/a-propos' },
  '/about-us/our-team': { en: '/about-us/our-team', fr: '/a-propos/notre-equipe' },
  '/contact-us': { en: '/contact-us', fr: '/nous-contacter' },
  '/privacy-policy': { en: '/privacy-policy', fr: '/politique-de-confidentialite' },
  '/terms-and-conditions': { en: '/terms-and-conditions', fr: '/conditions-dutilisation' },
  '/book-online': { en: '/book-online', fr: '/reserver-en-ligne' },
  // Added by issue 15: an appointment opened from the link in its e-mails, without an account.
  '/manage-appointment': { en: '/manage-appointment', fr: '/gerer-mon-rendez-vous' },
  // Added by issue 16: a place on the waitlist and its offers, opened from the e-mailed links.
  '/waitlist': { en: '/waitlist', fr: '/liste-attente' },
  // Issue 30: a guest asks for their data, and downloads it from the e-mailed link.
  '/my-data-request': { en: '/my-data-request', fr: '/demande-de-donnees' },
  '/handout-link-expired': { en: '/handout-link-expired', fr: '/lien-document-expire' },
  '/profile/backups': { en: '/profile/backups', fr: '/profile/sauvegardes' },
  '/patient-form': { en: '/patient-form', fr: '/formulaire-patient' },
  '/services/group-programs': {
    en: '/services/group-programs',
    fr: '/services/programmes-de-groupe',
  },
  '/services/corporate-services': {
    en: '/services/corporate-services',
    fr: '/services/services-corporatifs',
  },
  '/services/individual-consultation': {
    en: '/services/individual-consultation',
    fr: '/services/consultation-individuelle',
  },
  '/services/follow-up': { en: '/services/follow-up', fr: '/services/suivi' },
  '/services/nutrition-plan': { en: '/services/nutrition-plan', fr: '/services/plan-nutritionnel' },
  '/services/bio-impedance-test': {
    en: '/services/bio-impedance-test',
    fr: '/services/test-dimpedance-bio',
  },
  '/services/grocery-store-tour': {
    en: '/services/grocery-store-tour',
    fr: '/services/visite-du-magasins-dalimentation',
  },
  '/services/nutrition-evaluation': {
    en: '/services/nutrition-evaluation',
    fr: '/services/evaluation-nutritionnelle',
  },
  '/specialties/digestive-health': {
    en: '/specialties/digestive-health',
    fr: '/specialties/sante-digestive',
  },
  '/specialties/sports-nutrition': {
    en: '/specialties/sports-nutrition',
    fr: '/specialties/nutrition-sportive',
  },
  '/specialties/weight-management': {
    en: '/specialties/weight-management',
    fr: '/specialties/gestion-du-poids',
  },
  '/specialties/clinical-nutrition': {
    en: '/specialties/clinical-nutrition',
    fr: '/specialties/nutrition-clinique',
  },
  '/specialties/pediatric-nutrition': {
    en: '/specialties/pediatric-nutrition',
    fr: '/specialties/nutrition-pediatrique',
  },
  '/specialties/pregnancy-nutrition': {
    en: '/specialties/pregnancy-nutrition',
    fr: '/specialties/pregnancy-nutrition',
  },
} as const;

export type AppPathname = keyof typeof pathnames;

/** SPEC §4: the language cookie lasts 365 days. */
export const LOCALE_COOKIE_MAX_AGE = 31536000;

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'as-needed',
  localeCookie: { maxAge: LOCALE_COOKIE_MAX_AGE },
  pathnames,
});

/**
 * The public content pages (DESIGN §5, issue 14): prerendered at build time and served with a
 * hash-based script policy (middleware.ts); the JavaScript budget holds them near the floor. The
 * team page is not among them: it lists the clinic's active dietitians from the database at each
 * request.
 */
export const contentPathnames: readonly AppPathname[] = (Object.keys(pathnames) as AppPathname[]).filter(
  (pathname) =>
    pathname === '/' ||
    pathname.startsWith('/services/') ||
    pathname.startsWith('/specialties/') ||
    ['/about-us', '/blogs', '/blog/[slug]', '/quick-bites', '/quick-bite/[slug]', '/privacy-policy', '/terms-and-conditions', '/contact-us'].includes(pathname),
);

/** Pages that search engines should not list: accounts, verification and resets. */
const unlistedPathnames = new Set<AppPathname>([
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
  '/login',
  '/signup',
  '/signup/employee',
  '/verify-email',
  '/verify-email-prompt',
  '/password-reset',
  '/password-reset-prompt',
  '/change-password',
  '/reset-password/[uid]/[token]',
  '/manage-appointment',
  '/waitlist',
  '/my-data-request',
  '/handout-link-expired',
  '/profile/backups',
  '/profile/patients/[id]/chart',
  '/profile/chart-entries/[id]',
]);

export function isListedPathname(pathname: AppPathname): boolean {
  return !unlistedPathnames.has(pathname);
}

export const serviceSlugs = [
  'group-programs',
  'corporate-services',
  'individual-consultation',
  'follow-up',
  'nutrition-plan',
  'bio-impedance-test',
  'grocery-store-tour',
  'nutrition-evaluation',
] as const;
export type ServiceSlug = (typeof serviceSlugs)[number];

export const specialtySlugs = [
  'digestive-health',
  'sports-nutrition',
  'weight-management',
  'clinical-nutrition',
  'pediatric-nutrition',
  'pregnancy-nutrition',
] as const;
export type SpecialtySlug = (typeof specialtySlugs)[number];

/**
 * Route name as the spec writes it: the English path with slashes turned into
 * dashes and params reduced to their names ('/blog/[slug]' -> 'blog-slug'),
 * '/' -> 'index', then '___en' or '___fr'.
 */
export function routeName(pathname: AppPathname, locale: Locale): string {
  const base =
    pathname === '/'
      ? 'index'
      : pathname
          .slice(1)
          .replace(/\[([^\]]+)\]/g, '$1')
          .replaceAll('/', '-');
  return `${base}___${locale}`;
}
