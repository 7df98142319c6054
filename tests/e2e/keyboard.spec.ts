import { expect, test, type Locator, type Page } from '@playwright/test';
import { axe } from './support/axe';
import { localizedPath } from '../../lib/i18n/paths';
import { intakeSteps, type FieldSpec, type StepValues } from '../../lib/schemas/intake';
import { completeIntakeAnswers } from '../support/intakeAnswers';
import { atStep, bookingPath, main, messages } from './support/booking';
import { expectIntakeStep, intakeStepHeading } from './support/intake';
import { chooseOption, chooseRadio, expectVisibleFocus, press, setCheckbox, tabTo, typeInto } from './support/keyboard';
import { waitForMail } from './support/outbox';

/**
 * Issue #9 gate: the booking flow and the whole intake form done with the keyboard alone. Every
 * control is reached by Tab from where focus was (tabTo fails when a control cannot be reached,
 * or shows no focus outline once reached) and operated with Enter, Space, the arrow keys and
 * typing; there is no click, fill, check, selectOption or focus() on an element anywhere here.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A control's accessible name starts with its label (an "(optional)" may follow). */
const named = (label: string) => new RegExp(`^${escape(label)}`);

/** Tab from the top of the page to the skip link, which shows its focus and sends focus to main. */
async function skipToContent(page: Page, label: string) {
  const skip = page.getByRole('link', { name: label });
  await tabTo(page, skip, { max: 3 });
  await expectVisibleFocus(skip);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
}

test.describe('keyboard only', () => {
  test('a guest books an appointment in English', async ({ page }) => {
    const t = messages.en.Booking;
    const signup = messages.en.Auth.signup;
    await page.goto(bookingPath('en'));
    await atStep(page, t.session.title);
    await skipToContent(page, messages.en.Nav.skipToContent);
    const scope = main(page);
    const continueButton = scope.getByRole('button', { name: t.continue, exact: true });

    // 1. Language: English is chosen already (the radio group is reachable); continue.
    await chooseRadio(page, scope.getByRole('group', { name: t.session.legend }), 0);
    await tabTo(page, continueButton);
    await expectVisibleFocus(continueButton);
    await page.keyboard.press('Enter');

    // 2. Service.
    await atStep(page, t.service.title);
    await expect(page.locator('#booking-step-title')).toBeFocused();
    const service = scope.getByRole('button', { name: new RegExp(messages.en.Services['individual-consultation'].name) });
    await tabTo(page, service);
    await expectVisibleFocus(service);
    await page.keyboard.press('Enter');
    await expect(service).toHaveAttribute('aria-pressed', 'true');
    await press(page, continueButton);

    // 3. Contact (Continue submits the step's form). Empty, it sends focus to the first error.
    await atStep(page, t.contact.title);
    await press(page, continueButton);
    await expect(scope.getByLabel(t.contact.firstName, { exact: true })).toBeFocused();
    await expect(scope.getByLabel(t.contact.firstName, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    const email = `keys-${Date.now()}@example.ca`;
    await typeInto(page, scope.getByLabel(t.contact.firstName, { exact: true }), 'Jordan');
    await typeInto(page, scope.getByLabel(t.contact.lastName, { exact: true }), 'Keyes');
    await typeInto(page, scope.getByLabel(t.contact.email, { exact: true }), email);
    await typeInto(page, scope.getByLabel(t.contact.phone, { exact: true }), '613 555 0177');
    await press(page, continueButton);

    // 4. Address: the province and country lists keep Ontario and Canada.
    await atStep(page, t.address.title);
    await typeInto(page, scope.getByLabel(signup.streetNumber), '150');
    await typeInto(page, scope.getByLabel(signup.streetName), 'Elgin Street');
    await typeInto(page, scope.getByLabel(signup.city), 'Ottawa');
    await chooseOption(page, scope.getByLabel(signup.province), 'ON');
    await typeInto(page, scope.getByLabel(signup.postalCode), 'k2p 1l4');
    await chooseOption(page, scope.getByLabel(signup.country), 'CA');
    // Leaving the box formats the postal code.
    await expect(scope.getByLabel(signup.postalCode)).toHaveValue('K2P-1L4');
    await press(page, continueButton);

    // 5. Reasons: a select moved with the arrow keys, then the message.
    await atStep(page, t.reasons.title);
    const reason = scope.getByLabel(t.reasons.reason.replace('{number}', '1'));
    await expect(reason.locator('option', { hasText: 'Weight management' })).toBeAttached({ timeout: 20_000 });
    const reasonValue = (await reason.locator('option', { hasText: 'Weight management' }).getAttribute('value'))!;
    // Continue with no reason: focus goes to the list in error, like the contact form's.
    await press(page, continueButton);
    await expect(reason).toBeFocused();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await chooseOption(page, reason, reasonValue);
    await expectVisibleFocus(reason);
    await typeInto(page, scope.getByLabel(t.reasons.message), 'Typed with the keyboard alone.');
    await press(page, continueButton);

    // 6. Office; below, a later day and time than the other booking specs take, so this can run
    // beside them without reaching for the same slot.
    await atStep(page, t.location.title);
    const office = scope.getByRole('button', { name: /Centretown/ });
    await press(page, office);
    await expect(office).toHaveAttribute('aria-pressed', 'true');
    await press(page, continueButton);

    // 7. Date and time: the month buttons work with Enter; then a day, then a time.
    await atStep(page, t.datetime.title);
    const days = scope.locator('table button:not([disabled])');
    await expect(days.first()).toBeVisible({ timeout: 20_000 });
    const month = scope.locator('#booking-month');
    const nextMonth = scope.getByRole('button', { name: t.datetime.nextMonth });
    const previousMonth = scope.getByRole('button', { name: t.datetime.previousMonth });
    if ((await nextMonth.getAttribute('aria-disabled')) !== 'true') {
      const shown = await month.textContent();
      await press(page, nextMonth);
      await expect(month).not.toHaveText(shown!);
      await tabTo(page, previousMonth, { back: true, max: 3 });
      await page.keyboard.press('Enter');
      await expect(month).toHaveText(shown!);
    }
    // The seventh free day, counted across months (› with Enter when this month has fewer).
    let left = 6;
    for (let count = await days.count(); left >= count && (await nextMonth.getAttribute('aria-disabled')) !== 'true'; count = await days.count()) {
      left -= count;
      const shown = await month.textContent();
      await press(page, nextMonth, { max: 45 });
      await expect(month).not.toHaveText(shown!);
    }
    const day = days.nth(Math.min(left, (await days.count()) - 1));
    const toDay = await tabTo(page, day, { max: 45 });
    await expectVisibleFocus(day);
    await page.keyboard.press('Enter');
    await expect(day).toHaveAttribute('aria-pressed', 'true');
    const slots = scope.locator('ul[aria-labelledby="booking-slots"] button');
    await expect(slots.first()).toBeVisible();
    const slot = slots.nth(Math.min(2, (await slots.count()) - 1));
    const toSlot = await tabTo(page, slot, { max: 45 });
    // Every free day is its own Tab stop (no arrow keys in the grid): note what reaching them costs.
    test.info().annotations.push({ type: 'tab presses', description: `to the chosen day: ${toDay}; from it to the chosen time: ${toSlot}` });
    await expectVisibleFocus(slot);
    await page.keyboard.press('Space');
    await expect(slot).toHaveAttribute('aria-pressed', 'true');
    await press(page, continueButton, { max: 60 });

    // 8. Confirmation, then the success screen.
    await atStep(page, t.confirmation.title);
    await expect(scope).toContainText('Jordan Keyes');
    await expect(scope).toContainText('K2P-1L4');
    const book = scope.getByRole('button', { name: t.confirmation.book });
    await tabTo(page, book, { max: 40 });
    await expectVisibleFocus(book);
    await page.keyboard.press('Enter');
    await expect(scope.getByRole('heading', { name: t.success.title })).toBeFocused({ timeout: 20_000 });
    const ics = scope.getByRole('link', { name: t.success.ics });
    await tabTo(page, ics, { max: 10 });
    await expectVisibleFocus(ics);
  });

  // The French walk of the intake form (intake.spec.ts walks it in English with the mouse): axe
  // on every step, a reload half-way that resumes, the consent, and the French acknowledgement.
  test('a guest fills the 15 steps of the intake form in French, resumes after a reload and submits it', async ({ page }) => {
    test.setTimeout(150_000);
    const lang = 'fr';
    const t = messages.fr.Intake;
    const email = `keys-intake-${Date.now()}@example.ca`;
    const answers = completeIntakeAnswers({ contact: { email, preferredLanguage: 'fr', firstName: 'Élodie', lastName: `Clavier${Date.now()}` } });
    await page.goto(localizedPath('/patient-form', lang));
    await expect(intakeStepHeading(page, lang, 0)).toBeVisible();
    await skipToContent(page, messages.fr.Nav.skipToContent);
    const form = page.locator('main form');
    const firstName = form.getByRole('textbox', { name: named(t.fields.contact.firstName.label) });

    // Next on the empty step sends focus to the first field in error.
    await press(page, form.getByRole('button', { name: t.form.next, exact: true }), { max: 60 });
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');

    for (const [index, step] of intakeSteps.entries()) {
      if (index > 0) await expectIntakeStep(page, lang, index);
      await expectNoAxeViolations(page);
      await fillStepByKeyboard(page, form, index, answers[step.id]);
      if (step.id === 'weightHistory') await switchUnitsBackAndForth(page, form);
      if (index === 7) await reloadAndResume(page, form);
      const last = index === intakeSteps.length - 1;
      const next = form.getByRole('button', { name: last ? t.form.toReview : t.form.next, exact: true });
      await tabTo(page, next, { max: 40 });
      if (index === 0) await expectVisibleFocus(next);
      await page.keyboard.press('Enter');
    }

    // Review: the consent box with Space, then submit with Enter.
    await expect(page.getByRole('heading', { level: 2, name: t.form.reviewTitle })).toBeFocused();
    await expectNoAxeViolations(page);
    const consent = form.getByRole('checkbox');
    await setCheckbox(page, consent, true, { max: 80 });
    await expectVisibleFocus(consent);
    const submit = form.getByRole('button', { name: t.form.submit });
    await tabTo(page, submit, { max: 10 });
    await expectVisibleFocus(submit);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: t.form.doneTitle })).toBeFocused({ timeout: 20_000 });

    // The acknowledgement is in French and carries no answer.
    const mail = await waitForMail(email);
    expect(mail.language).toBe('fr');
    for (const secret of ['Metformin', 'Peanuts', 'night shifts', 'Oatmeal', 'Migraines']) {
      expect(mail.text).not.toContain(secret);
      expect(mail.html ?? '').not.toContain(secret);
    }
    // The draft is gone from the browser: the form starts over.
    await page.goto(localizedPath('/patient-form', lang));
    await expect(intakeStepHeading(page, lang, 0)).toBeVisible();
    await expect(form.getByRole('textbox', { name: named(t.fields.contact.email.label) })).toHaveValue('');
  });
});

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Half-way (step 8, its answers typed): a reload, as a closed tab would, comes back to the same
 * step with the same answers, and Back shows the step before with its own.
 */
async function reloadAndResume(page: Page, form: Locator) {
  const t = messages.fr.Intake;
  await page.reload();
  await expect(intakeStepHeading(page, 'fr', 7)).toBeVisible();
  await expect(form.getByRole('combobox', { name: named(t.fields.psychosocial2.shopper.label) })).toHaveValue('shared');
  await press(page, form.getByRole('button', { name: t.form.back, exact: true }), { max: 80 });
  await expectIntakeStep(page, 'fr', 6);
  await expect(form.getByRole('group', { name: named(t.fields.psychosocial.stress.label) }).getByRole('radio', { name: '7', exact: true })).toBeChecked();
  await press(page, form.getByRole('button', { name: t.form.next, exact: true }), { max: 80 });
  await expectIntakeStep(page, 'fr', 7);
}

type Texts = Record<string, { label: string; options?: Record<string, string>; columns?: Record<string, { label: string }>; add?: string; row?: string }>;

/** Every shown field of a step, in page order, reached by Tab and answered from `values`. */
async function fillStepByKeyboard(page: Page, form: Locator, index: number, values: StepValues): Promise<void> {
  const step = intakeSteps[index]!;
  const texts = (messages.fr.Intake.fields as unknown as Record<string, Texts>)[step.id]!;
  for (const spec of step.fields) {
    if (spec.showWhen && !spec.showWhen(values)) continue;
    await fillField(page, form, texts, spec, spec.kind === 'address' ? values : values[spec.name]);
  }
}

/** 'YYYY-MM-DD' as typed into Chromium's date box (month, day, year segments). */
const dateKeys = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;
/** 'HH:MM' as typed into the time box; the AM/PM letter is ignored on a 24-hour clock. */
const timeKeys = (hhmm: string) => {
  const hours = Number(hhmm.slice(0, 2));
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(twelve).padStart(2, '0')}${hhmm.slice(3)}${hours < 12 ? 'A' : 'P'}`;
};

async function fillField(page: Page, form: Locator, texts: Texts, spec: FieldSpec, value: unknown): Promise<void> {
  const text = texts[spec.name]!;
  const cards = messages.fr.Intake.cards;
  const group = form.getByRole('group', { name: named(text.label) });
  const box = () => form.getByRole('textbox', { name: named(text.label) }).or(form.getByLabel(named(text.label))).first();
  switch (spec.kind) {
    case 'text':
    case 'email':
    case 'tel':
    case 'number':
    case 'textarea':
      // Empty answers are still reached: the box must be on the Tab path.
      if (value === '') await tabTo(page, box());
      else await typeInto(page, box(), String(value));
      return;
    case 'date':
      await typeInto(page, box(), dateKeys(String(value)));
      await expect(box()).toHaveValue(String(value));
      return;
    case 'time':
      await typeInto(page, box(), timeKeys(String(value)));
      return;
    case 'select':
      if (value === '') await tabTo(page, form.getByRole('combobox', { name: named(text.label) }));
      else await chooseOption(page, form.getByRole('combobox', { name: named(text.label) }), String(value));
      return;
    case 'radio':
      if (value === '') await tabTo(page, group.getByRole('radio').first());
      else await chooseRadio(page, group, spec.options!.indexOf(String(value)));
      return;
    case 'scale':
      await chooseRadio(page, group, Number(value) - 1);
      await expectVisibleFocus(group.getByRole('radio', { name: String(value), exact: true }));
      return;
    case 'toggle':
      await setCheckbox(page, form.getByRole('switch', { name: named(text.label) }), value === true);
      return;
    case 'checklist':
    case 'skills': {
      // Every box of the list is visited; Space ticks the chosen ones.
      const wanted = (value as string[]).map(String);
      const boxes = group.getByRole('checkbox');
      await expect(boxes.first()).toBeAttached({ timeout: 20_000 });
      const values = await boxes.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
      for (const [i, boxValue] of values.entries()) await setCheckbox(page, boxes.nth(i), wanted.includes(boxValue));
      if (wanted.length > 0) await expectVisibleFocus(boxes.last());
      return;
    }
    case 'weight': {
      const card = value as { value: string; preferNot: boolean };
      if (card.preferNot) await setCheckbox(page, group.getByRole('checkbox', { name: cards.preferNot }), true);
      else await typeInto(page, group.getByRole('textbox'), card.value);
      return;
    }
    case 'height':
      await typeInto(page, group.getByRole('textbox', { name: cards.cm }), (value as { cm: string }).cm);
      return;
    case 'fluid': {
      // One cup too many with +, one back with −: both buttons work from the keyboard.
      const cups = Number(value);
      const more = group.getByRole('button', { name: cards.more.replace('{drink}', text.label) });
      const fewer = group.getByRole('button', { name: cards.fewer.replace('{drink}', text.label) });
      await press(page, more, { times: cups + 1 });
      await expectVisibleFocus(more);
      await tabTo(page, fewer, { back: true, max: 3 });
      await page.keyboard.press('Space');
      await expect(group.getByRole('textbox', { name: cards.cupsLabel })).toHaveValue(String(cups));
      await tabTo(page, more, { max: 3 });
      return;
    }
    case 'rows':
      await fillRows(page, group, text, spec, value as Array<Record<string, string>>);
      return;
    case 'address': {
      const signup = messages.fr.Auth.signup;
      const address = value as Record<string, string>;
      await typeInto(page, form.getByRole('textbox', { name: named(signup.streetNumber) }), address.streetNumber!);
      await typeInto(page, form.getByRole('textbox', { name: named(signup.streetName) }), address.streetName!);
      await tabTo(page, form.getByRole('textbox', { name: named(signup.unitNumber) }));
      await typeInto(page, form.getByRole('textbox', { name: named(signup.city) }), address.city!);
      await chooseOption(page, form.getByRole('combobox', { name: named(signup.province) }), address.province!);
      await typeInto(page, form.getByRole('textbox', { name: named(signup.postalCode) }), address.postalCode!);
      await chooseOption(page, form.getByRole('combobox', { name: named(signup.country) }), address.country!);
      return;
    }
  }
}

/** Repeatable rows: Enter on "add" opens a row with focus in its first box; its cells follow by Tab. */
async function fillRows(page: Page, group: Locator, text: Texts[string], spec: FieldSpec, rows: Array<Record<string, string>>) {
  const add = group.getByRole('button', { name: text.add! });
  if (rows.length === 0) await tabTo(page, add);
  for (const [index, row] of rows.entries()) {
    await press(page, add, { max: 40 });
    const rowGroup = group.getByRole('group', { name: text.row!.replace('{number}', String(index + 1)), exact: true });
    const columns = spec.columns ?? [];
    const first = rowGroup.getByLabel(named(text.columns![columns[0]!.name]!.label));
    await expect(first).toBeFocused();
    for (const column of columns) {
      const cell = rowGroup.getByLabel(named(text.columns![column.name]!.label));
      const answer = row[column.name] ?? '';
      if (column.kind === 'select') await chooseOption(page, cell, answer);
      else if (column.kind === 'time') await typeInto(page, cell, timeKeys(answer));
      else if (answer === '') await tabTo(page, cell);
      else await typeInto(page, cell, answer);
      if (column.kind === 'time') await expect(cell).toHaveValue(answer);
    }
  }
}

/**
 * The weight step's unit switch, from the keyboard: back to the radios with Shift+Tab, imperial
 * with an arrow (what was typed is converted), then metric again (converted back).
 */
async function switchUnitsBackAndForth(page: Page, form: Locator) {
  const f = messages.fr.Intake.fields.weightHistory;
  const cards = messages.fr.Intake.cards;
  const metric = form.getByRole('radio', { name: f.units.options.metric });
  const imperial = form.getByRole('radio', { name: f.units.options.imperial });
  const height = form.getByRole('group', { name: named(f.height.label) });
  const current = form.getByRole('group', { name: named(f.currentWeight.label) });
  await tabTo(page, metric, { back: true, max: 20 });
  await page.keyboard.press('ArrowDown');
  await expect(imperial).toBeChecked();
  await expect(height.getByRole('textbox', { name: cards.feet })).toHaveValue('5');
  await expect(height.getByRole('textbox', { name: cards.inches })).toHaveValue('5');
  await expect(current.getByRole('textbox', { name: cards.lb })).toHaveValue('159.8');
  await page.keyboard.press('ArrowUp');
  await expect(metric).toBeChecked();
  await expect(height.getByRole('textbox', { name: cards.cm })).toHaveValue('165');
  await expect(current.getByRole('textbox', { name: cards.kg })).toHaveValue('72.5');
}
