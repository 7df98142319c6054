import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Audits the page once no toast is moving. react-toastify marks a toast `Toastify--animate`
 * while it slides in (bounceInRight fades it from opacity 0) and while it leaves (it drops its
 * role but keeps its tabindex), then removes the class or the toast. An audit landing in those
 * few hundred milliseconds reported a half-transparent toast (color-contrast) or a leaving one
 * (focus-order-semantics), depending on the machine's speed. Toasts at rest are audited as usual.
 */
class SettledAxeBuilder extends AxeBuilder {
  constructor(private readonly audited: Page) {
    super({ page: audited });
  }

  override async analyze() {
    await this.audited.waitForFunction(() => document.querySelector('.Toastify--animate') === null);
    return super.analyze();
  }
}

/**
 * axe as every spec runs it: WCAG 2.0–2.2 A and AA, best practices, and axe's experimental rules.
 * The default set leaves the experimental ones out, and with them label-content-name-mismatch
 * (WCAG 2.5.3, label in name), which missed the digestive-health page's condition buttons.
 */
export function axe(page: Page): AxeBuilder {
  return new SettledAxeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental']);
}
