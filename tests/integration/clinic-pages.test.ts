import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPublicService } from '@/lib/server/clinic/services';
import { getTeam } from '@/lib/server/clinic/team';
import { services, users } from '@/lib/server/db/schema';
import { serviceSlugs } from '@/lib/i18n/routing';
import { createTestDatabase, type TestDatabase } from './support/db';

/** What the public service and team pages read from the seeded clinic. */
let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase({ state: 'demo' });
});
afterAll(() => handle.close());

describe('getPublicService', () => {
  it('gives the figures of SPEC §9 and the description in the page language', () => {
    const evaluation = getPublicService('nutrition-evaluation', 'fr');
    expect(evaluation).toMatchObject({ durationMinutes: 50, priceCents: 135_00, currency: 'CAD', taxIncluded: false });
    expect(evaluation.description).toMatch(/^Votre première rencontre/);
    const bia = getPublicService('bio-impedance-test', 'en');
    expect(bia).toMatchObject({ durationMinutes: 10, priceCents: 35_00, isTaxable: true, taxIncluded: true });
  });

  it('says what the seeded database holds for every service (the pages are prerendered from the catalogue)', async () => {
    const rows = await handle.db.select().from(services);
    expect(rows.map((row) => row.slug).toSorted()).toEqual([...serviceSlugs].toSorted());
    for (const slug of serviceSlugs) {
      const row = rows.find((r) => r.slug === slug)!;
      expect(getPublicService(slug, 'en'), slug).toEqual({
        description: row.longDescriptionEn,
        durationMinutes: row.clientDurationMinutes,
        priceCents: row.basePriceCents,
        currency: row.currency,
        isTaxable: row.isTaxable,
        taxIncluded: row.taxIncluded,
        minCancellationNoticeHours: row.minCancellationNoticeHours,
        allowGuestBooking: row.allowGuestBooking,
      });
      expect(row.isActive).toBe(true);
      expect(getPublicService(slug, 'fr').description).toBe(row.longDescriptionFr);
    }
  });
});

describe('getTeam', () => {
  it('lists the active dietitians with languages, skills, bio and an illustration', async () => {
    const team = await getTeam(handle.db, 'en');
    expect(team.map((member) => member.name)).toEqual([
      'Claire Bouchard',
      'Emily Chen',
      'Marc-André Gagnon',
      'Amira Haddad',
      'Sophie Tremblay',
    ]);
    const sophie = team.find((member) => member.name === 'Sophie Tremblay')!;
    expect(sophie.languages).toEqual(['fr', 'en']);
    expect(sophie.skills).toContain('Digestive issues and IBS');
    expect(sophie.bio).toMatch(/digestive health/);
    expect(sophie.photoUrl).toBe('/images/team/sophie-tremblay.svg');
    const [claire] = await getTeam(handle.db, 'fr');
    expect(claire?.title).toBe('Diététiste professionnelle');
  });

  it('leaves out a deactivated dietitian', async () => {
    await handle.db.update(users).set({ isActive: false }).where(eq(users.email, 'emily.chen@demo.equilibrenutrition.ca'));
    const team = await getTeam(handle.db, 'en');
    expect(team.map((member) => member.name)).not.toContain('Emily Chen');
    await handle.db.update(users).set({ isActive: true }).where(eq(users.email, 'emily.chen@demo.equilibrenutrition.ca'));
  });
});
