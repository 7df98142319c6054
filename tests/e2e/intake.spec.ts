import { axe } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { localizedPath } from '../../lib/i18n/paths';
import { intakeSteps } from '../../lib/schemas/intake';
import { completeIntakeAnswers, completeIntakeSubmission } from '../support/intakeAnswers';
import { demo, signIn } from './support/booking';
import { expectIntakeStep, fillIntakeStep, intakeStepHeading } from './support/intake';
import { waitForMail } from './support/outbox';
import { messages } from './routes';

/**
 * The intake form (issue #7) as a guest: all fifteen steps, a reload half-way that resumes on
 * the same step with the same answers, the consent, the submission and its acknowledgement, and
 * no axe violations on any step. In English here; keyboard.spec.ts walks the French form the
 * same way with the keyboard alone.
 */

type Lang = keyof typeof messages;

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const lang of ['en'] as const satisfies Lang[]) {
  const t = messages[lang].Intake;

  test(`a guest fills the 15 steps in ${lang}, resumes after a reload and submits`, async ({ page }) => {
    test.setTimeout(180_000);
    const email = `e2e-intake-${lang}-${Date.now()}@example.ca`;
    const answers = completeIntakeAnswers({
      contact: { email, preferredLanguage: lang, firstName: lang === 'en' ? 'Avery' : 'Élodie', lastName: `Intake${Date.now()}` },
    });
    await page.goto(localizedPath('/patient-form', lang));
    await expect(intakeStepHeading(page, lang, 0)).toBeVisible();
    const form = page.locator('main form');

    // Next on an empty step: errors at the fields, and the step stays.
    await form.getByRole('button', { name: t.form.next, exact: true }).click();
    await expect(form.getByRole('textbox', { name: new RegExp(`^${t.fields.contact.firstName.label}`) })).toHaveAttribute('aria-invalid', 'true');

    for (const [index, step] of intakeSteps.entries()) {
      if (index > 0) await expectIntakeStep(page, lang, index);
      await expectNoAxeViolations(page);
      await fillIntakeStep(page, lang, index, answers[step.id]);
      if (index === 7) {
        // Half-way: a reload (or a closed tab) comes back to the same step with the same answers.
        await page.reload();
        await expect(intakeStepHeading(page, lang, 7)).toBeVisible();
        await expect(form.getByRole('combobox', { name: new RegExp(`^${t.fields.psychosocial2.shopper.label}`) })).toHaveValue('shared');
        await form.getByRole('button', { name: t.form.back, exact: true }).click();
        await expectIntakeStep(page, lang, 6);
        await expect(form.getByRole('group', { name: new RegExp(`^${t.fields.psychosocial.stress.label}`) }).getByRole('radio', { name: '7', exact: true })).toBeChecked();
        await form.getByRole('button', { name: t.form.next, exact: true }).click();
        await expectIntakeStep(page, lang, 7);
      }
      const last = index === intakeSteps.length - 1;
      await form.getByRole('button', { name: last ? t.form.toReview : t.form.next, exact: true }).click();
    }

    await expect(page.getByRole('heading', { level: 2, name: t.form.reviewTitle })).toBeFocused();
    await expectNoAxeViolations(page);
    // Consent is required.
    await form.getByRole('button', { name: t.form.submit }).click();
    await expect(form.getByRole('checkbox')).toHaveAccessibleDescription(messages[lang].Validation.intakeConsentRequired);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: t.form.submit }).click();
    await expect(page.getByRole('heading', { level: 2, name: t.form.doneTitle })).toBeFocused();

    // The acknowledgement is in the chosen language and carries no answer.
    const mail = await waitForMail(email);
    expect(mail.language).toBe(lang);
    for (const secret of ['Metformin', 'Peanuts', 'night shifts', 'Oatmeal', 'Migraines']) {
      expect(mail.text).not.toContain(secret);
      expect(mail.html ?? '').not.toContain(secret);
    }

    // The draft is gone from the browser: the form starts over.
    await page.goto(localizedPath('/patient-form', lang));
    await expect(intakeStepHeading(page, lang, 0)).toBeVisible();
    await expect(form.getByRole('textbox', { name: new RegExp(`^${t.fields.contact.email.label}`) })).toHaveValue('');
  });
}

test('the clinic finds a submission and reads it by step; another patient cannot open it', async ({ page, browser }) => {
  const lastName = `Review${Date.now()}`;
  const body = completeIntakeSubmission({ contact: { lastName, email: `e2e-review-${Date.now()}@example.ca`, preferredLanguage: 'en' } });
  const sent = await page.request.post('/api/intake', { data: body, headers: { 'Accept-Language': 'en' } });
  expect(sent.status()).toBe(201);
  const r = messages.en.IntakeReview;

  await signIn(page, 'en', demo.employee);
  await page.goto(localizedPath('/profile/intake-forms', 'en'));
  await page.getByRole('searchbox', { name: r.list.searchLabel }).or(page.getByRole('textbox', { name: r.list.searchLabel })).fill(lastName);
  await page.getByRole('button', { name: r.list.search, exact: true }).click();
  await page.getByRole('link', { name: new RegExp(lastName) }).click();
  await expect(page.getByRole('heading', { level: 2, name: messages.en.Intake.steps.fluidIntake.title })).toBeVisible();
  for (const step of intakeSteps) {
    await expect(page.getByRole('heading', { level: 2, name: messages.en.Intake.steps[step.id].title, exact: true })).toBeVisible();
  }
  await expect(page.getByText('More energy during night shifts.')).toBeVisible();
  await expectNoAxeViolations(page);
  const detailUrl = page.url();
  expect(detailUrl).not.toContain(lastName);
  // The same record in French (the signed-in route sweep of axe-signed-in.spec.ts has no submission id).
  await page.goto(localizedPath('/profile/intake-forms/[id]', 'fr', { id: detailUrl.split('/').at(-1)! }));
  await expect(page.getByRole('heading', { level: 2, name: messages.fr.Intake.steps.fluidIntake.title })).toBeVisible();
  await expectNoAxeViolations(page);

  // The demo patient did not send it: the address shows nothing of it.
  const other = await browser.newPage();
  await signIn(other, 'en', demo.patient);
  await other.goto(detailUrl);
  await expect(other.getByText(r.detail.notFound)).toBeVisible();
  await expect(other.getByText('More energy during night shifts.')).toHaveCount(0);
  await other.close();
});

test('a signed-in patient resumes the form from their account on another device', async ({ page, browser }) => {
  const t = messages.en.Intake;
  await signIn(page, 'en', demo.patient);
  await page.goto(localizedPath('/patient-form', 'en'));
  const form = page.locator('main form');
  // Their details are filled in from the account.
  await expect(form.getByRole('textbox', { name: new RegExp(`^${t.fields.contact.email.label}`) })).toHaveValue(demo.patient.email);
  const answers = completeIntakeAnswers();
  await fillIntakeStep(page, 'en', 0, { ...answers.contact, email: demo.patient.email });
  await form.getByRole('button', { name: t.form.next, exact: true }).click();
  await expectIntakeStep(page, 'en', 1);
  await expect(page.getByText(t.form.saved.account)).toBeVisible();
  await fillIntakeStep(page, 'en', 1, answers.personalInformation);
  // The account has the draft once typing stops (the save waits a second).
  await expect.poll(async () => (await page.request.get('/api/intake/draft')).json().then((d) => d.draft?.answers?.personalInformation?.occupation)).toBe('Nurse');

  // Another browser, same account: the form opens where it was left, with the same answers.
  const other = await browser.newPage();
  await signIn(other, 'en', demo.patient);
  await other.goto(localizedPath('/patient-form', 'en'));
  await expect(intakeStepHeading(other, 'en', 1)).toBeVisible();
  await expect(other.locator('main form').getByRole('textbox', { name: new RegExp(`^${t.fields.personalInformation.occupation.label}`) })).toHaveValue('Nurse');

  await other.close();

  // Signing out takes the answers off this device (the account keeps them); what may stay is an
  // empty form in the page's language.
  const stored = () => page.evaluate(() => localStorage.getItem('equilibre-intake-draft') ?? '');
  expect(await stored()).toContain('Nurse');
  await page.getByRole('button', { name: messages.en.AccountMenu.signOut, exact: true }).click();
  await expect(page.getByRole('link', { name: messages.en.Nav.signIn })).toBeVisible();
  await expect.poll(stored).not.toContain('Nurse');
  expect(await stored()).not.toContain(demo.patient.email);
  await expect(form.getByRole('textbox', { name: new RegExp(`^${t.fields.contact.email.label}`) })).toHaveValue('');
});
