import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe as every spec runs it: WCAG 2.0–2.2 A and AA, best practices, and axe's experimental rules.
 * The default set leaves the experimental ones out, and with them label-content-name-mismatch
 * (WCAG 2.5.3, label in name), which missed the digestive-health page's condition buttons.
 */
export function axe(page: Page): AxeBuilder {
  return (
    new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'])
      // A toast on its way out: react-toastify drops its role for the exit animation (data-in
      // false) and keeps its tabindex, so an audit that lands in those 750 ms would report the
      // leaving toast (focus-order-semantics) depending on the machine's speed. Toasts on
      // screen are audited as usual.
      .exclude('.Toastify__toast[data-in="false"]')
  );
}
