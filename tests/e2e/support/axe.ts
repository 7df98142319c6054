import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Audits the page once no toast is moving. react-toastify marks a toast `Toastify--animate`
 * while it slides in (bounceInRight fades it from opacity 0) and while it leaves, then removes
 * the class or the toast: an audit landing in the slide-in reported a half-transparent toast
 * (color-contrast), depending on the machine's speed. A toast at rest when the wait ends may
 * still start leaving while axe runs (its 5 s are up): see the exclusion in `axe`.
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
  return (
    new SettledAxeBuilder(page)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'])
      // A toast on its way out: react-toastify drops its role for the exit animation (data-in
      // false) and keeps its tabindex, so an audit that lands in those 750 ms would report the
      // leaving toast (focus-order-semantics). Toasts on screen are audited as usual.
      .exclude('.Toastify__toast[data-in="false"]')
  );
}
