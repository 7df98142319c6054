import { afterEach, describe, expect, it, vi } from 'vitest';
import { clinic } from '@/lib/clinic';
import { seededOffices } from '@/lib/server/db/seed/offices';
import { absoluteUrl, breadcrumbJsonLd, clinicJsonLd, serializeJsonLd } from '@/lib/seo/jsonLd';

afterEach(() => vi.unstubAllEnvs());

describe('clinicJsonLd', () => {
  it('describes the clinic as a medical business with its contact details', () => {
    vi.stubEnv('SITE_URL', 'https://www.example.ca/');
    const data = clinicJsonLd('fr');
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toEqual(['MedicalClinic', 'MedicalBusiness']);
    expect(data).toMatchObject({
      name: 'Équilibre Nutrition',
      url: 'https://www.example.ca/fr',
      telephone: '+16135550142',
      email: clinic.email,
      areaServed: { name: 'Ontario' },
    });
    expect(data.availableLanguage).toEqual([
      expect.objectContaining({ alternateName: 'en' }),
      expect.objectContaining({ alternateName: 'fr' }),
    ]);
    expect(data.sameAs).toEqual(Object.values(clinic.social));
  });

  it('lists the physical offices the database is seeded with, postal codes written with a space', () => {
    const addresses = clinicJsonLd('en').address as Record<string, string>[];
    const physical = seededOffices.filter((office) => !office.isVirtual);
    expect(addresses).toHaveLength(physical.length);
    physical.forEach((office, i) => {
      const unit = office.unitNumber ? `, Suite ${office.unitNumber}` : '';
      expect(addresses[i]).toEqual({
        '@type': 'PostalAddress',
        streetAddress: `${office.streetNumber} ${office.streetName}${unit}`,
        addressLocality: office.city,
        addressRegion: office.provinceCode,
        postalCode: `${office.postalCode!.slice(0, 3)} ${office.postalCode!.slice(3)}`,
        addressCountry: office.countryCode,
      });
    });
  });

  it('uses the English address for English and /fr for French', () => {
    vi.stubEnv('SITE_URL', 'https://www.example.ca');
    expect(clinicJsonLd('en').url).toBe('https://www.example.ca/');
    expect(absoluteUrl('/about-us/our-team', 'fr')).toBe('https://www.example.ca/fr/a-propos/notre-equipe');
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the items from 1 in order', () => {
    const data = breadcrumbJsonLd([
      { name: 'Home', url: 'https://x.ca/' },
      { name: 'About us', url: 'https://x.ca/about-us' },
      { name: 'Our team', url: 'https://x.ca/about-us/our-team' },
    ]);
    expect(data['@type']).toBe('BreadcrumbList');
    expect(data.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://x.ca/' },
      { '@type': 'ListItem', position: 2, name: 'About us', item: 'https://x.ca/about-us' },
      { '@type': 'ListItem', position: 3, name: 'Our team', item: 'https://x.ca/about-us/our-team' },
    ]);
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element it is written into, and parses back to the same data', () => {
    const data = breadcrumbJsonLd([{ name: '</script><script>alert(1)</script>', url: 'https://x.ca/' }]);
    const json = serializeJsonLd(data);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(data);
  });
});
