import { axe } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { clinic } from '../../lib/clinic';
import { localizedPath } from '../../lib/i18n/paths';
import { waitForMail } from './support/outbox';
import { messages } from './routes';

/**
 * The contact page (issue #6): field errors for bad input, a message that reaches the clinic's
 * mailbox (the e2e server keeps the default CLINIC_EMAIL, the clinic constant) and an
 * acknowledgement in the visitor's language, and no axe violations.
 */

type Lang = keyof typeof messages;
const langs: Lang[] = ['en', 'fr'];

const uniqueEmail = () => `e2e-contact-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.ca`;
const main = (page: Page) => page.locator('main');

async function open(page: Page, lang: Lang) {
  await page.goto(localizedPath('/contact-us', lang));
  await expect(main(page).getByRole('heading', { level: 1, name: messages[lang].Pages['contact-us'].title })).toBeVisible();
}

for (const lang of langs) {
  const t = messages[lang].Contact.form;
  const v = messages[lang].Validation;

  test.describe(`contact page (${lang})`, () => {
    test('shows a localized error on each bad field and sends nothing', async ({ page }) => {
      await open(page, lang);
      const form = main(page);
      await form.getByRole('button', { name: t.submit }).click();
      for (const label of [t.name, t.email, t.subject]) {
        const field = form.getByLabel(label, { exact: true });
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(field).toHaveAccessibleDescription(v.required);
      }
      await expect(form.getByRole('checkbox')).toHaveAccessibleDescription(v.consentRequired);
      // The first invalid field takes focus.
      await expect(form.getByLabel(t.name, { exact: true })).toBeFocused();

      await form.getByLabel(t.email, { exact: true }).fill('not-an-address');
      await form.getByLabel(t.phone).fill('12');
      await form.getByLabel(t.message, { exact: true }).fill('Short');
      await form.getByRole('button', { name: t.submit }).click();
      await expect(form.getByLabel(t.email, { exact: true })).toHaveAccessibleDescription(v.emailInvalid);
      await expect(form.getByLabel(t.phone)).toHaveAccessibleDescription(`${t.phoneHint} ${v.phoneInvalid}`);
      await expect(form.getByLabel(t.message, { exact: true })).toHaveAccessibleDescription(`${t.messageHint} ${v.messageTooShort}`);
      await expect(form.getByRole('status')).toBeEmpty();

      const audit = await axe(page).analyze();
      expect(audit.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
    });

    test('delivers a valid message to the clinic and acknowledges it to the visitor', async ({ page }) => {
      await open(page, lang);
      const audit = await axe(page).analyze();
      expect(audit.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);

      const email = uniqueEmail();
      const subject = `${lang === 'fr' ? 'Question sur les tarifs' : 'Question about fees'} ${Date.now()}`;
      const form = main(page);
      await form.getByLabel(t.name, { exact: true }).fill(lang === 'fr' ? 'Mathieu Bélanger' : 'Olivia Chen');
      await form.getByLabel(t.email, { exact: true }).fill(email);
      await form.getByLabel(t.phone).fill('613 555 0123');
      await form.getByLabel(t.subject, { exact: true }).fill(subject);
      await form
        .getByLabel(t.message, { exact: true })
        .fill(lang === 'fr' ? 'Vos consultations sont-elles couvertes par les assurances collectives?' : 'Are your consultations covered by workplace insurance plans?');
      await form.getByRole('checkbox').check();
      const sentAfter = Date.now();
      await form.getByRole('button', { name: t.submit }).click();

      const status = form.getByRole('status');
      await expect(status).toContainText(t.sentHeading);
      await expect(status).toContainText(messages[lang].Server.contactSent);
      await expect(status).toBeFocused();
      await expect(form.getByRole('button', { name: t.submit })).toHaveCount(0);

      const copy = await waitForMail(clinic.email, { after: sentAfter, subject: new RegExp(subject) });
      expect((copy as unknown as { replyTo?: string }).replyTo).toBe(email);
      expect(copy.text).toContain(lang === 'fr' ? 'assurances collectives' : 'workplace insurance plans');
      const ack = await waitForMail(email, { after: sentAfter });
      expect(ack.language).toBe(lang);
      expect(ack.subject).toBe(lang === 'fr' ? 'Nous avons bien reçu votre message' : 'We received your message');
      expect(ack.text).not.toContain(subject);

      // "Send another message" brings back an empty form, its first field focused.
      await form.getByRole('button', { name: t.sendAnother }).click();
      await expect(form.getByLabel(t.name, { exact: true })).toBeFocused();
      await expect(form.getByLabel(t.email, { exact: true })).toHaveValue('');
    });
  });
}
