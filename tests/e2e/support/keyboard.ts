import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Driving a page with the keyboard alone: every control is reached by Tab (or Shift+Tab) and
 * operated with the keys a person would press. Nothing here clicks, fills or focuses elements;
 * the only element calls read state (which element has focus, a value, a style).
 */

/**
 * Whether `el` has focus and shows it (an outline or a box shadow is drawn), and what has focus
 * in words (for failure messages). Runs in the page.
 */
function focusState(el: Element): { focused: boolean; shown: boolean; connected: boolean; what: string } {
  const active = document.activeElement;
  let what = '<body>';
  if (active && active !== document.body) {
    const name = active.getAttribute('aria-label') ?? active.getAttribute('name') ?? (active.textContent ?? '').trim().slice(0, 40);
    const type = active.getAttribute('type');
    what = `<${active.tagName.toLowerCase()}${type ? ` type=${type}` : ''}> "${name}"`;
  }
  const style = getComputedStyle(el);
  const shown = (style.outlineStyle !== 'none' && (Number.parseFloat(style.outlineWidth) || 0) > 0) || style.boxShadow !== 'none';
  return { focused: el === active, shown, connected: el.isConnected, what };
}

/**
 * Presses Tab (Shift+Tab when `back`) until `locator` has focus. Fails, listing what focus went
 * through, if it is not reached within `max` presses: the control is not keyboard-reachable there.
 * Returns how many presses it took.
 */
export async function tabTo(page: Page, locator: Locator, { max = 30, back = false }: { max?: number; back?: boolean } = {}): Promise<number> {
  // Waits for the control to be on the page, then resolves it once (and again only if React
  // replaces it): a role-and-name query at every press would be slow.
  let target = await locator.elementHandle({ timeout: 20_000 });
  let state = await target!.evaluate(focusState);
  const path: string[] = [];
  for (let press = 0; !state.focused && press < max; press++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    state = await target!.evaluate(focusState);
    if (!state.connected) {
      target = await locator.elementHandle();
      state = await target!.evaluate(focusState);
    }
    path.push(state.what);
  }
  if (state.focused) {
    // Every control reached this way must also show that it has focus (WCAG 2.4.7).
    expect(state.shown, `${locator} has keyboard focus but draws neither an outline nor a box shadow`).toBe(true);
    return path.length;
  }
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} did not reach ${locator} within ${max} presses; focus went through:\n  ${path.join('\n  ')}`);
}

/** Tabs to a text box and types `text`, replacing what it held. */
export async function typeInto(page: Page, locator: Locator, text: string, options?: { max?: number }): Promise<void> {
  await tabTo(page, locator, options);
  if ((await locator.inputValue()) !== '') {
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
  }
  await page.keyboard.type(text);
}

/**
 * Tabs to a native select and moves its choice with the arrow keys (a closed select changes on
 * ArrowDown/ArrowUp on Windows and Linux, firing change each time) until it holds `value`.
 */
export async function chooseOption(page: Page, select: Locator, value: string, options?: { max?: number }): Promise<void> {
  await tabTo(page, select, options);
  const values = await select.evaluate((el) => [...(el as HTMLSelectElement).options].map((o) => o.value));
  const target = values.indexOf(value);
  if (target < 0) throw new Error(`${select} has no option ${value} (has ${values.join(', ')})`);
  for (let guard = 0; guard < values.length; guard++) {
    const current = values.indexOf(await select.inputValue());
    if (current === target) break;
    await page.keyboard.press(current < target ? 'ArrowDown' : 'ArrowUp');
  }
  await expect(select).toHaveValue(value);
}

/**
 * Tabs into a radio group (focus lands on its checked radio, or the first) and moves to the
 * `index`-th radio with the arrow keys, which check as they move; Space checks the first.
 */
export async function chooseRadio(page: Page, group: Locator, index: number, options?: { max?: number }): Promise<void> {
  const radios = group.getByRole('radio');
  const checked = await radios.evaluateAll((els) => els.findIndex((el) => (el as HTMLInputElement).checked));
  await tabTo(page, radios.nth(Math.max(checked, 0)), options);
  if (checked < 0) {
    if (index === 0) await page.keyboard.press('Space');
    else for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  } else {
    for (let i = checked; i !== index; i += checked < index ? 1 : -1) await page.keyboard.press(checked < index ? 'ArrowDown' : 'ArrowUp');
  }
  await expect(radios.nth(index)).toBeChecked();
  await expect(radios.nth(index)).toBeFocused();
}

/** Tabs to a checkbox (or switch) and sets it with Space. */
export async function setCheckbox(page: Page, box: Locator, on: boolean, options?: { max?: number }): Promise<void> {
  await tabTo(page, box, options);
  if ((await box.isChecked()) === on) return;
  await page.keyboard.press('Space');
  await expect(box).toBeChecked({ checked: on });
}

/** Tabs to a button and presses Enter (or Space) on it. */
export async function press(page: Page, button: Locator, { key = 'Enter', times = 1, max }: { key?: 'Enter' | 'Space'; times?: number; max?: number } = {}): Promise<void> {
  await tabTo(page, button, { max });
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/** The focused control shows where focus is: an outline or a box shadow that is drawn. */
export async function expectVisibleFocus(locator: Locator): Promise<void> {
  await expect(locator).toBeFocused();
  const style = await locator.evaluate((el) => {
    const s = getComputedStyle(el);
    return { outline: s.outlineStyle, width: Number.parseFloat(s.outlineWidth) || 0, shadow: s.boxShadow };
  });
  const drawn = (style.outline !== 'none' && style.width > 0) || style.shadow !== 'none';
  expect(drawn, `${locator} has focus but shows it with neither outline nor box-shadow (${JSON.stringify(style)})`).toBe(true);
}
