import { renderToString } from 'react-dom/server';
import { createTranslator } from 'use-intl/core';
import { describe, expect, it, vi } from 'vitest';
import { OfficeList } from '@/components/contact/OfficeList';
import { clinic } from '@/lib/clinic';
import { formatOfficeAddress, officeAddressLines, type AddressParts } from '@/lib/format/office';
import type { Locale } from '@/lib/i18n/routing';
import { locationOf } from '@/lib/server/booking/notifications';
import { listContactOffices } from '@/lib/server/contact/offices';
import type { offices } from '@/lib/server/db/schema';
import { seededOffices } from '@/lib/server/db/seed/offices';
import { canadianProvinces } from '@/lib/server/db/seed/places';
import { receiptTexts } from '@/lib/server/receipts/texts';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { resolveServerTree } from '../support/resolveServerTree';

/**
 * Addresses in each language (issue #27 item 9): the unit is a suite / « bureau », the French
 * address puts a comma after the civic number and uses the street's French name, and the
 * province reads "Ottawa, Ontario" in English, « Ottawa (Ontario) » in French.
 */

vi.mock('next-intl/server', () => ({
  getTranslations: async ({ locale, namespace }: { locale: Locale; namespace?: string }) =>
    createTranslator({ locale, messages: { en, fr }[locale], namespace: namespace as never }),
}));

const metcalfe: AddressParts = {
  streetNumber: '180',
  streetName: 'Metcalfe Street',
  streetNameFr: 'rue Metcalfe',
  unitNumber: '504',
  city: 'Ottawa',
  provinceCode: 'ON',
  postalCode: 'K2P1P5',
};

describe('officeAddressLines / formatOfficeAddress', () => {
  it('writes the English address the English way, the unit as a suite', () => {
    expect(officeAddressLines(metcalfe, 'en')).toEqual(['180 Metcalfe Street, Suite 504', 'Ottawa, Ontario  K2P 1P5']);
    expect(formatOfficeAddress(metcalfe, 'en')).toBe('180 Metcalfe Street, Suite 504, Ottawa, Ontario K2P 1P5');
  });

  it('writes the French address the French way: a comma after the civic number, « bureau », the province in parentheses', () => {
    expect(officeAddressLines(metcalfe, 'fr')).toEqual(['180, rue Metcalfe, bureau 504', 'Ottawa (Ontario)  K2P 1P5']);
    expect(formatOfficeAddress(metcalfe, 'fr')).toBe('180, rue Metcalfe, bureau 504, Ottawa (Ontario) K2P 1P5');
  });

  it('leaves the unit out when there is none, in both languages', () => {
    for (const unitNumber of [null, undefined, '', '  ']) {
      expect(formatOfficeAddress({ ...metcalfe, unitNumber }, 'en')).toBe('180 Metcalfe Street, Ottawa, Ontario K2P 1P5');
      expect(formatOfficeAddress({ ...metcalfe, unitNumber }, 'fr')).toBe('180, rue Metcalfe, Ottawa (Ontario) K2P 1P5');
    }
  });

  it('falls back on the street’s only name when it has no French one', () => {
    expect(formatOfficeAddress({ ...metcalfe, streetNameFr: null }, 'fr')).toBe('180, Metcalfe Street, bureau 504, Ottawa (Ontario) K2P 1P5');
    expect(formatOfficeAddress({ ...metcalfe, streetNameFr: undefined }, 'en')).toBe('180 Metcalfe Street, Suite 504, Ottawa, Ontario K2P 1P5');
  });

  it('dashes the postal code on the site’s pages (SPEC §5), spaces it elsewhere (Canada Post)', () => {
    expect(officeAddressLines({ ...metcalfe, postalCode: 'k2p 1p5' }, 'en', { postalCode: 'dash' })[1]).toBe('Ottawa, Ontario  K2P-1P5');
    expect(officeAddressLines({ ...metcalfe, postalCode: 'K2P-1P5' }, 'fr')[1]).toBe('Ottawa (Ontario)  K2P 1P5');
  });

  it('names every province and territory in each language, as the database does', () => {
    for (const province of canadianProvinces) {
      const address = { ...metcalfe, provinceCode: province.code };
      expect(officeAddressLines(address, 'en')[1]).toBe(`Ottawa, ${province.nameEn}  K2P 1P5`);
      expect(officeAddressLines(address, 'fr')[1]).toBe(`Ottawa (${province.nameFr})  K2P 1P5`);
    }
  });
});

describe('the offices’ addresses where they are shown', () => {
  it('come from one catalogue: lib/clinic and the seed agree, French street names included', () => {
    const physical = seededOffices.filter((office) => !office.isVirtual);
    expect(clinic.offices.map((office) => office.slug)).toEqual(physical.map((office) => office.slug));
    physical.forEach((office, i) => {
      const { slug, streetNumber, streetName, streetNameFr, unitNumber, city, provinceCode, postalCode, countryCode } = office;
      expect(clinic.offices[i]).toEqual({ slug, streetNumber, streetName, streetNameFr, unitNumber, city, provinceCode, postalCode, countryCode });
      expect(streetNameFr).toMatch(/^(rue|boulevard|avenue|chemin|promenade) /);
    });
  });

  it('are printed on receipts the way each language writes them', () => {
    const office = clinic.offices[0];
    expect(receiptTexts('en').addressLines(office)).toEqual(['180 Metcalfe Street, Suite 504', 'Ottawa, Ontario  K2P 1P5']);
    expect(receiptTexts('fr').addressLines(office)).toEqual(['180, rue Metcalfe, bureau 504', 'Ottawa (Ontario)  K2P 1P5']);
    expect(receiptTexts('fr').addressLines({ ...office, unitNumber: null })).toEqual(['180, rue Metcalfe', 'Ottawa (Ontario)  K2P 1P5']);
  });

  it('are written in the reader’s language in e-mails, calendar files and the manage page (locationOf)', () => {
    const row = { ...seededOffices[0], id: 1 } as typeof offices.$inferSelect;
    expect(locationOf(row, 'en')).toEqual({ kind: 'office', name: 'Centretown', address: '180 Metcalfe Street, Suite 504, Ottawa, Ontario K2P 1P5' });
    expect(locationOf(row, 'fr')).toEqual({ kind: 'office', name: 'Centre-ville', address: '180, rue Metcalfe, bureau 504, Ottawa (Ontario) K2P 1P5' });
    const orleans = { ...seededOffices[1], id: 2 } as typeof offices.$inferSelect;
    expect(locationOf(orleans, 'fr')).toMatchObject({ address: '2555, boulevard Saint-Joseph, bureau 210, Ottawa (Ontario) K1C 1S6' });
  });

  it.each([
    ['en', ['180 Metcalfe Street, Suite 504', 'Ottawa, Ontario K2P-1P5'], 'Our offices'],
    ['fr', ['180, rue Metcalfe, bureau 504', 'Ottawa (Ontario) K2P-1P5'], 'Nos bureaux'],
  ] as const)('are listed on the %s contact page in its language', async (locale, [street, city], heading) => {
    const html = renderToString(await resolveServerTree(await OfficeList({ locale, offices: listContactOffices(locale) })));
    const text = html.replace(/<br\/>/g, '\n').replace(/<[^>]+>/g, '').replace(/ {2,}/g, ' ');
    expect(text).toContain(heading);
    expect(text).toContain(`${street}\n${city}`);
    expect(text).not.toMatch(/, 504\b/);
  });
});
