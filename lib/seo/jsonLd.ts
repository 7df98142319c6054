import { clinic } from '@/lib/clinic';
import { officeAddressLines } from '@/lib/format/office';
import { localizedPath } from '@/lib/i18n/paths';
import type { AppPathname, Locale } from '@/lib/i18n/routing';
import { siteOrigin } from './siteUrl';

/** A schema.org node as JSON-LD: plain JSON, no functions or dates. */
export type JsonLdNode = { '@context'?: 'https://schema.org'; '@type': string | string[] } & {
  [key: string]: unknown;
};

const descriptions: Record<Locale, string> = {
  en: 'Registered dietitians in Ottawa and online across Ontario, in English and French.',
  fr: 'Diététistes professionnelles à Ottawa et en ligne partout en Ontario, en français et en anglais.',
};

/** An absolute URL for a page of the route table in a language. */
export function absoluteUrl(pathname: AppPathname, locale: Locale, params: Record<string, string> = {}): string {
  return siteOrigin() + localizedPath(pathname, locale, params);
}

/** The clinic as a medical business (home and contact pages): contact details and offices. */
export function clinicJsonLd(locale: Locale): JsonLdNode {
  const url = absoluteUrl('/', locale);
  const sameAs = Object.values(clinic.social);
  return {
    '@context': 'https://schema.org',
    '@type': ['MedicalClinic', 'MedicalBusiness'],
    '@id': `${siteOrigin()}/#clinic`,
    name: clinic.name,
    description: descriptions[locale],
    url,
    logo: `${siteOrigin()}/icon-512.png`,
    image: `${siteOrigin()}/icon-512.png`,
    telephone: `+${clinic.phone}`,
    faxNumber: `+${clinic.fax}`,
    email: clinic.email,
    medicalSpecialty: 'DietNutrition',
    areaServed: { '@type': 'State', name: 'Ontario', address: { '@type': 'PostalAddress', addressRegion: 'ON', addressCountry: 'CA' } },
    availableLanguage: [
      { '@type': 'Language', name: 'English', alternateName: 'en' },
      { '@type': 'Language', name: 'French', alternateName: 'fr' },
    ],
    address: clinic.offices.map((office) => ({
      '@type': 'PostalAddress',
      // '180 Metcalfe Street, Suite 504' / '180, rue Metcalfe, bureau 504': the page's language.
      streetAddress: officeAddressLines(office, locale)[0],
      addressLocality: office.city,
      addressRegion: office.provinceCode,
      // Canada Post writes it with a space ('K2P 1P5').
      postalCode: `${office.postalCode.slice(0, 3)} ${office.postalCode.slice(3)}`,
      addressCountry: office.countryCode,
    })),
    sameAs,
  };
}

export type BreadcrumbItem = { name: string; url: string };

/** A BreadcrumbList from the home page down to the current page (absolute URLs). */
export function breadcrumbJsonLd(items: readonly BreadcrumbItem[]): JsonLdNode {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the tag. */
export function serializeJsonLd(data: JsonLdNode | JsonLdNode[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
