import { axe } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { locales, serviceSlugs, specialtySlugs, type AppPathname, type Locale } from '../../lib/i18n/routing';
import { messages, urlOf } from './routes';

type JsonLdNode = { '@type': string | string[]; [key: string]: unknown };

/** The pages this spec covers and the h1 each must show. */
function heading(pathname: AppPathname, locale: Locale): string {
  const m = messages[locale];
  if (pathname === '/') return m.Home.heroTitle;
  const [, section, slug] = pathname.split('/');
  if (section === 'services') return m.Services[slug as (typeof serviceSlugs)[number]].name;
  if (section === 'specialties') return m.Specialties[slug as (typeof specialtySlugs)[number]].name;
  const key = pathname.slice(1).replaceAll('/', '-') as 'about-us' | 'about-us-our-team' | 'privacy-policy' | 'terms-and-conditions';
  return m.Pages[key].title;
}

const contentPages: AppPathname[] = [
  '/',
  '/about-us',
  '/about-us/our-team',
  '/privacy-policy',
  '/terms-and-conditions',
  ...serviceSlugs.map((slug) => `/services/${slug}` as AppPathname),
  ...specialtySlugs.map((slug) => `/specialties/${slug}` as AppPathname),
];

/** Every JSON-LD block of the page, parsed (a block that is not valid JSON fails the test). */
async function jsonLd(page: Page): Promise<JsonLdNode[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as JsonLdNode);
}

function ofType(nodes: JsonLdNode[], type: string): JsonLdNode | undefined {
  return nodes.find((node) => ([] as string[]).concat(node['@type']).includes(type));
}

test.describe('content pages answer in both languages with their heading', () => {
  for (const pathname of contentPages) {
    for (const locale of locales) {
      const url = urlOf(pathname, locale);
      test(`${url}`, async ({ page }) => {
        const response = await page.goto(url);
        expect(response?.status()).toBe(200);
        await expect(page.locator('main h1')).toHaveText(heading(pathname, locale));
        // Open Graph: the page's own address and the card image of its language.
        // (The home page's address is the bare origin: Next drops its trailing slash.)
        await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', url === '/' ? /^https?:\/\/[^/]+\/?$/ : new RegExp(`${url}$`));
        await expect(page.locator('meta[property="og:image"]').first()).toHaveAttribute('content', new RegExp(`clinic-${locale}\\.png$`));
        // Structured data: the clinic on home, a breadcrumb ending on this page elsewhere.
        const nodes = await jsonLd(page);
        if (pathname === '/') {
          expect(ofType(nodes, 'MedicalClinic')).toMatchObject({ name: 'Équilibre Nutrition', email: expect.any(String) });
        } else {
          const trail = ofType(nodes, 'BreadcrumbList')?.itemListElement as { item: string; position: number }[];
          expect(trail.at(-1)?.item).toMatch(new RegExp(`${url}$`));
          expect(trail[0]?.position).toBe(1);
        }
      });
    }
  }
});

test.describe('home page', () => {
  test('shows the marketing figures and describes the clinic for search engines', async ({ page }) => {
    await page.goto('/');
    const figures = page.locator('dl').filter({ hasText: messages.en.Home.figures.happyClients });
    await expect(figures).toContainText('7,350');
    await expect(figures).toContainText('12');
    await expect(figures).toContainText('6,153');
    await expect(figures).toContainText('95%');
    const clinic = ofType(await jsonLd(page), 'MedicalBusiness')!;
    expect(clinic.telephone).toBe('+16135550142');
    expect(clinic.areaServed).toMatchObject({ name: 'Ontario' });
    expect(clinic.address).toEqual(
      expect.arrayContaining([expect.objectContaining({ addressLocality: 'Ottawa', postalCode: 'K2P 1P5' })]),
    );
  });
});

test.describe('service pages', () => {
  test('show duration and price from the database and book that service', async ({ page }) => {
    await page.goto('/services/nutrition-evaluation');
    await expect(page.getByTestId('service-duration')).toHaveText('50 minutes');
    await expect(page.getByTestId('service-price')).toHaveText('$135.00');
    await expect(page.getByTestId('book-service')).toHaveAttribute('href', '/book-online?service=nutrition-evaluation');
  });

  test('in French, with the French booking address', async ({ page }) => {
    await page.goto('/fr/services/test-dimpedance-bio');
    await expect(page.getByTestId('service-duration')).toHaveText('10 minutes');
    await expect(page.getByTestId('service-price')).toHaveText(/^35,00\s\$$/);
    await expect(page.getByTestId('service-details')).toContainText(messages.fr.ServicePage.taxIncluded);
    await expect(page.getByTestId('book-service')).toHaveAttribute('href', '/fr/reserver-en-ligne?service=bio-impedance-test');
  });
});

test.describe('team page', () => {
  test('lists the dietitians from the database with their languages', async ({ page }) => {
    await page.goto('/about-us/our-team');
    const team = page.getByTestId('team');
    await expect(team.getByRole('heading', { name: 'Claire Bouchard' })).toBeVisible();
    await expect(team.getByRole('heading', { name: 'Sophie Tremblay' })).toBeVisible();
    await expect(team).toContainText(messages.en.Team.languageNames.fr);
    await page.goto('/fr/a-propos/notre-equipe');
    await expect(page.getByTestId('team')).toContainText(messages.fr.Team.languageNames.en);
  });
});

test.describe('digestive health modals', () => {
  const d = messages.en.SpecialtyPage.digestive;

  test('an icon modal opens with Enter, keeps focus inside, closes on Escape and gives focus back', async ({ page }) => {
    await page.goto('/specialties/digestive-health');
    const opener = page.getByRole('button', { name: d.items.ibs.name });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: d.items.ibs.name });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(d.items.ibs.text['1']);
    const focusInDialog = () => page.evaluate(() => document.activeElement?.closest('dialog') !== null);
    expect(await focusInDialog()).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog()).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await focusInDialog()).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('the close button closes it too, and the learn-more modals work the same way', async ({ page }) => {
    await page.goto('/fr/specialties/sante-digestive');
    const f = messages.fr.SpecialtyPage.digestive;
    const opener = page.getByRole('button', { name: f.items.celiac.name });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: f.items.celiac.name });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: f.close }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    const learnMore = page.getByRole('button', { name: f.fodmap.trigger });
    await learnMore.focus();
    await page.keyboard.press('Enter');
    const fodmap = page.getByRole('dialog', { name: f.fodmap.title });
    await expect(fodmap).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(fodmap).toBeHidden();
    await expect(learnMore).toBeFocused();
  });

  test('has no axe violations with a modal open', async ({ page }) => {
    await page.goto('/specialties/digestive-health');
    await page.getByRole('button', { name: d.journal.trigger }).click();
    await expect(page.getByRole('dialog', { name: d.journal.title })).toBeVisible();
    const audit = await axe(page).analyze();
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });
});

test.describe('accessibility of the content pages', () => {
  const audited: AppPathname[] = ['/', '/services/nutrition-evaluation', '/specialties/digestive-health', '/privacy-policy'];
  for (const pathname of audited) {
    for (const locale of locales) {
      const url = urlOf(pathname, locale);
      test(`${url} has no axe violations`, async ({ page }) => {
        await page.goto(url);
        const audit = await axe(page).analyze();
        expect(audit.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
      });
    }
  }
});
