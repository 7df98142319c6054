import { axe } from './support/axe';
import { expect, test } from '@playwright/test';
import { messages } from './routes';
import { jsonLd, ofType } from './support/content';

// Each content page's heading, Open Graph card, structured data and axe audit, in both
// languages, are checked by the route sweep (shell.spec.ts) on the same visit; here, what a page
// shows beyond that.

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
