import { expect, test, type Page, type Request } from '@playwright/test';
import { clinic } from '../../lib/clinic';
import { formatPhone } from '../../lib/format/phone';
import { localizedPath } from '../../lib/i18n/paths';
import type { AppPathname, Locale } from '../../lib/i18n/routing';
import { messages } from './routes';

/**
 * Issue 27: a form sent before its page's script has run (a slow phone, Enter pressed at once;
 * here, no script at all) never puts what was typed in the address, where browser history,
 * proxies and CDN logs would keep it. Every form posts (method="post"), and the middleware sends
 * a plain form post back to its page with a 303, without the data.
 */
test.use({ javaScriptEnabled: false });

const typed = {
  email: 'no-script-visitor@example.ca',
  password: 'Hunter2-Password-Never-In-Urls',
  name: 'Noémie Sansscript',
  subject: 'Glycemie-question',
  message: 'Ma glycemie monte apres le dejeuner, est-ce grave',
};
/** What must never show in an address, as typed and as a form would encode it. */
const secrets = Object.values(typed).flatMap((value) => [value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)]);

const main = (page: Page) => page.locator('main');

/** The page's <noscript> note as a script-less browser shows it: its words, and the clinic's number as a link. */
async function expectScriptsNeededNote(page: Page, locale: Locale) {
  const text = messages[locale].NoScript.form.replace(/<\/?tel>/g, '').replace('{phone}', formatPhone(clinic.phone));
  const note = main(page).getByRole('note').filter({ hasText: text.slice(0, 30) });
  await expect(note).toHaveText(text);
  await expect(note.getByRole('link', { name: formatPhone(clinic.phone) })).toHaveAttribute('href', `tel:+${clinic.phone}`);
}

/** Every address the tab navigates to, from the first load on. */
function recordNavigations(page: Page): string[] {
  const addresses: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) addresses.push(`${request.method()} ${request.url()}`);
  });
  return addresses;
}

/** Clicks the submit button and returns the form's own request (the POST) once the page is back. */
async function submit(page: Page, button: string): Promise<Request> {
  const posted = page.waitForRequest((request) => request.isNavigationRequest() && request.method() === 'POST');
  await main(page).getByRole('button', { name: button, exact: true }).click();
  const request = await posted;
  await page.waitForLoadState('load');
  return request;
}

async function expectNothingTypedInAddresses(page: Page, path: string, post: Request, addresses: string[]) {
  // The form was posted to its page, answered 303, and the browser came back to the bare page.
  expect(new URL(post.url()).pathname).toBe(path);
  expect((await post.response())?.status()).toBe(303);
  const back = post.redirectedTo();
  expect(back?.method()).toBe('GET');
  expect((await back?.response())?.status()).toBe(200);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
  for (const address of [page.url(), ...addresses]) {
    for (const secret of secrets) expect(address, `"${secret}" in ${address}`).not.toContain(secret);
  }
  expect(addresses.every((address) => !address.includes('?'))).toBe(true);
  // History: the first load (and the page after the post), each the bare address, then nothing.
  for (let step = 0; step < 4 && page.url() !== 'about:blank'; step++) {
    await page.goBack();
    if (page.url() !== 'about:blank') expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
  }
  expect(page.url()).toBe('about:blank');
}

test('sign-in submitted without JavaScript: posted, sent back to the sign-in page, nothing in the address', async ({ page }) => {
  const t = messages.en.Auth.login;
  const path = localizedPath('/login', 'en');
  const addresses = recordNavigations(page);
  await page.goto(path);
  await main(page).getByLabel(t.email, { exact: true }).fill(typed.email);
  await main(page).getByLabel(t.password, { exact: true }).fill(typed.password);
  const post = await submit(page, t.submit);
  expect(post.postData() ?? '').toContain(encodeURIComponent(typed.email));
  // Back on the sign-in page, its form ready to be filled again.
  await expect(main(page).getByRole('heading', { level: 1, name: messages.en.Pages.login.title })).toBeVisible();
  await expect(main(page).getByLabel(t.password, { exact: true })).toHaveValue('');
  // It says that nothing was sent, and how else to reach the clinic (issue #38).
  await expectScriptsNeededNote(page, 'en');
  await expectNothingTypedInAddresses(page, path, post, addresses);
});

test('contact form submitted without JavaScript (French): posted, sent back to the page, nothing in the address', async ({ page }) => {
  const t = messages.fr.Contact.form;
  const path = localizedPath('/contact-us', 'fr');
  const addresses = recordNavigations(page);
  await page.goto(path);
  const form = main(page);
  await form.getByLabel(t.name, { exact: true }).fill(typed.name);
  await form.getByLabel(t.email, { exact: true }).fill(typed.email);
  await form.getByLabel(t.subject, { exact: true }).fill(typed.subject);
  await form.getByLabel(t.message, { exact: true }).fill(typed.message);
  await form.getByRole('checkbox').check();
  const post = await submit(page, t.submit);
  await expect(main(page).getByRole('heading', { level: 1, name: messages.fr.Pages['contact-us'].title })).toBeVisible();
  await expect(form.getByLabel(t.message, { exact: true })).toHaveValue('');
  await expectScriptsNeededNote(page, 'fr');
  await expectNothingTypedInAddresses(page, path, post, addresses);
});

// Issue #38: with scripts off, a page whose form runs in the browser says so, in its language.
const scriptPages: AppPathname[] = ['/login', '/contact-us', '/book-online', '/signup', '/patient-form', '/my-data-request'];
for (const locale of ['en', 'fr'] as const) {
  test(`the forms' pages say in ${locale} that they need JavaScript, with the clinic's number`, async ({ page }) => {
    for (const pathname of scriptPages) {
      await page.goto(localizedPath(pathname, locale));
      await test.step(pathname, () => expectScriptsNeededNote(page, locale));
      // The intake form's "Loading", which waits for a script, is not shown for ever beside the note.
      if (pathname === '/patient-form') await expect(main(page).getByText(messages[locale].Intake.form.loading)).toBeHidden();
    }
  });
}
