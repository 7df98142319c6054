import { expect, type Locator, type Page } from '@playwright/test';
import { intakeSteps, type FieldSpec, type StepValues } from '../../../lib/schemas/intake';
import { messages } from '../routes';

type Lang = keyof typeof messages;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A control's accessible name starts with its label (an "(optional)" may follow). */
const named = (label: string) => new RegExp(`^${escape(label)}`);

type Texts = Record<string, { label: string; options?: Record<string, string>; columns?: Record<string, { label: string; options?: Record<string, string> }>; add?: string; row?: string }>;

function fieldTexts(lang: Lang, stepId: string): Texts {
  return (messages[lang].Intake.fields as unknown as Record<string, Texts>)[stepId]!;
}

/** Fills one field the way a person would: by its label, with the control its kind draws. */
async function fillField(scope: Locator, lang: Lang, texts: Texts, spec: FieldSpec, value: unknown): Promise<void> {
  const text = texts[spec.name]!;
  const cards = messages[lang].Intake.cards;
  const group = () => scope.getByRole('group', { name: named(text.label) });
  switch (spec.kind) {
    case 'text':
    case 'email':
    case 'tel':
    case 'date':
    case 'time':
    case 'number':
    case 'textarea':
      if (value === '' || value === undefined) return;
      await scope.getByRole('textbox', { name: named(text.label) }).or(scope.getByLabel(named(text.label))).first().fill(String(value));
      return;
    case 'select':
      if (value === '') return;
      await scope.getByRole('combobox', { name: named(text.label) }).selectOption(String(value));
      return;
    case 'radio':
      if (value === '') return;
      await group().getByRole('radio', { name: text.options![String(value)]!, exact: true }).check();
      return;
    case 'scale':
      await group().getByRole('radio', { name: String(value), exact: true }).check();
      return;
    case 'toggle':
      await scope.getByRole('switch', { name: named(text.label) }).setChecked(value === true);
      return;
    case 'checklist':
      for (const option of value as string[]) await group().getByRole('checkbox', { name: text.options![option]!, exact: true }).check();
      return;
    case 'skills':
      for (const id of value as string[]) await group().locator(`input[value="${id}"]`).check();
      return;
    case 'weight': {
      const card = value as { value: string; preferNot: boolean };
      if (card.preferNot) await group().getByRole('checkbox', { name: cards.preferNot }).check();
      else await group().getByRole('textbox').fill(card.value);
      return;
    }
    case 'height': {
      const card = value as { cm: string; preferNot: boolean };
      if (card.preferNot) await group().getByRole('checkbox', { name: cards.preferNot }).check();
      else await group().getByRole('textbox', { name: cards.cm }).fill(card.cm);
      return;
    }
    case 'fluid':
      await group().getByRole('textbox', { name: cards.cupsLabel }).fill(String(value));
      return;
    case 'rows':
      for (const [index, row] of (value as Array<Record<string, string>>).entries()) {
        await group().getByRole('button', { name: text.add! }).click();
        const rowGroup = group().getByRole('group', { name: text.row!.replace('{number}', String(index + 1)), exact: true });
        for (const column of spec.columns ?? []) {
          const cell = row[column.name] ?? '';
          if (cell === '') continue;
          const label = text.columns![column.name]!.label;
          if (column.kind === 'select') await rowGroup.getByRole('combobox', { name: named(label) }).selectOption(cell);
          else await rowGroup.getByLabel(named(label)).fill(cell);
        }
      }
      return;
    case 'address': {
      const signup = messages[lang].Auth.signup;
      const address = value as Record<string, string>;
      await scope.getByRole('textbox', { name: named(signup.streetNumber) }).fill(address.streetNumber!);
      await scope.getByRole('textbox', { name: named(signup.streetName) }).fill(address.streetName!);
      await scope.getByRole('textbox', { name: named(signup.city) }).fill(address.city!);
      await scope.getByRole('textbox', { name: named(signup.postalCode) }).fill(address.postalCode!);
      return;
    }
  }
}

/** Fills every shown field of step `index` with `values` (a step of completeIntakeAnswers()). */
export async function fillIntakeStep(page: Page, lang: Lang, index: number, values: StepValues): Promise<void> {
  const step = intakeSteps[index]!;
  const texts = fieldTexts(lang, step.id);
  const form = page.locator('main form');
  for (const spec of step.fields) {
    if (spec.showWhen && !spec.showWhen(values)) continue;
    await fillField(form, lang, texts, spec, spec.kind === 'address' ? values : values[spec.name]);
  }
}

/** The heading of step `index`: "Step n of 15" and the step's title. */
export function intakeStepHeading(page: Page, lang: Lang, index: number): Locator {
  const t = messages[lang].Intake;
  const title = (t.steps as Record<string, { title: string }>)[intakeSteps[index]!.id]!.title;
  const counter = t.form.counter.replace('{number}', String(index + 1)).replace('{total}', String(intakeSteps.length));
  return page.getByRole('heading', { level: 2, name: `${counter} ${title}`, exact: true });
}

/** Waits for step `index` of the form to be the one shown, its heading focused (as after Next). */
export async function expectIntakeStep(page: Page, lang: Lang, index: number): Promise<void> {
  await expect(intakeStepHeading(page, lang, index)).toBeFocused();
}
