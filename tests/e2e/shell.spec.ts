import { axe } from './support/axe';
import { expect, test } from '@playwright/test';
import { locales } from '../../lib/i18n/routing';
import { pageScriptHashes } from '../../lib/http/staticPageHashes';
import { allPathnames, expectedTitle, guarded, messages, prerendered, unpublished, urlOf } from './routes';
import { contentPages, expectContentPage } from './support/content';

test.describe('every route of the spec, in both languages', () => {
  for (const pathname of allPathnames) {
    for (const locale of locales) {
      const url = urlOf(pathname, locale);
      test(`${url} answers in ${locale} with its title, its scripts allowed by the CSP, and no axe violations`, async ({ page }) => {
        // Every CSP violation, also the ones a library catches (an eval probe, say), fires this event.
        await page.addInitScript(() => {
          const seen: string[] = [];
          (window as unknown as { cspViolations: string[] }).cspViolations = seen;
          document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
        });
        const response = await page.goto(url);
        expect(response?.status()).toBe(unpublished.has(pathname) ? 404 : 200);
        const policy = response!.headers()['content-security-policy'];
        const html = await response!.text();
        if (prerendered.has(pathname)) {
          expectHashForEveryScript(policy, html);
          // A CDN may keep it (until the next deploy purges it), and nothing keeps it out of the
          // back/forward cache; unless this answer sets the language cookie (a first visit in the
          // other language than the browser's): then it is this visitor's alone (issue 27).
          // (allHeaders: headers() leaves the cookie headers out.)
          const headers = await response!.allHeaders();
          const cache = headers['cache-control'];
          // A 404 is kept a minute, not a year: the address may be a page after the next deploy.
          if (headers['set-cookie']) expect(cache).toBe('private, no-store');
          else if (unpublished.has(pathname)) expect(cache).toBe('public, max-age=0, s-maxage=60');
          else expect(cache).toMatch(/^s-maxage=\d+/);
        } else if (/'nonce-/.test(policy ?? '')) {
          expectNonceOnEveryScript(policy, html);
        } else {
          // A per-visitor page with nothing per visitor in its HTML (the sign-in form, say) is
          // prerendered too; its data comes from the API once it runs.
          expectHashForEveryScript(policy, html);
        }
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        if (guarded.has(pathname)) {
          // Signed out, a guarded page sends the visitor to sign in and back afterwards.
          const login = urlOf('/login', locale);
          await expect(page).toHaveURL(`${login}?next=${encodeURIComponent(pathname)}`);
          await expect(page).toHaveTitle(expectedTitle('/login', locale));
        } else {
          expect(new URL(page.url()).pathname).toBe(url);
          await expect(page).toHaveTitle(expectedTitle(pathname, locale));
        }
        await expect(page.locator('main h1')).toBeVisible();
        if (contentPages.has(pathname)) await expectContentPage(page, pathname, locale, url);
        // A guarded page signed out is the sign-in page, audited as its own route here; signed in,
        // axe-signed-in.spec.ts audits it as its users see it.
        if (!guarded.has(pathname)) {
          // Entrance animations must end first, or axe measures text on the move.
          await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
          const audit = await axe(page).analyze();
          expect(audit.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
        }
        expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
      });
    }
  }
});

/**
 * A prerendered page: no nonce and no 'unsafe-inline'; every inline script of its HTML is named by
 * hash in the policy, and its other scripts come from our origin.
 */
function expectHashForEveryScript(policy: string | undefined, html: string) {
  const scriptSrc = /script-src ([^;]*)/.exec(policy ?? '')?.[1]?.split(' ') ?? [];
  expect(scriptSrc[0]).toBe("'self'");
  expect(scriptSrc.filter((source) => !/^'sha256-[A-Za-z0-9+/]+=*'$/.test(source))).toEqual(["'self'"]);
  const hashes = pageScriptHashes(html);
  expect(hashes.length).toBeGreaterThan(0);
  expect(hashes.filter((hash) => !scriptSrc.includes(hash))).toEqual([]);
  const external = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
  expect(external.filter((src) => !src.startsWith('/_next/'))).toEqual([]);
}

/** The page's policy has a nonce, and every script of its HTML carries it (JSON-LD data aside). */
function expectNonceOnEveryScript(policy: string | undefined, html: string) {
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? '')?.[1];
  expect(nonce, 'a nonce in Content-Security-Policy').toBeTruthy();
  const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('application/ld+json'));
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
}

test.describe('language switching', () => {
  test('the switcher goes to the same page in the other language and back', async ({ page }) => {
    await page.goto('/services/follow-up');
    await page.getByRole('link', { name: messages.en.LanguageSwitcher.ariaLabel }).click();
    await expect(page).toHaveURL('/fr/services/suivi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('main h1')).toHaveText(messages.fr.Services['follow-up'].name);
    await page.getByRole('link', { name: messages.fr.LanguageSwitcher.ariaLabel }).click();
    await expect(page).toHaveURL('/services/follow-up');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('the switcher keeps the parameters of the page', async ({ page }) => {
    await page.goto('/reset-password/MTI/abc123');
    await page.getByRole('link', { name: messages.en.LanguageSwitcher.ariaLabel }).click();
    await expect(page).toHaveURL('/fr/reset-password/MTI/abc123');
    await expect(page.locator('main h1')).toHaveText(messages.fr.Pages['reset-password-uid-token'].title);
  });

  test('the chosen language is remembered by the cookie, in both directions', async ({ page, context }) => {
    await page.goto('/about-us');
    await page.getByRole('link', { name: messages.en.LanguageSwitcher.ariaLabel }).click();
    await expect(page).toHaveURL('/fr/a-propos');
    const cookie = (await context.cookies()).find((c) => c.name === 'NEXT_LOCALE');
    expect(cookie?.value).toBe('fr');
    // 365 days, give or take the seconds the test took.
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 86400);

    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    await expect(page).toHaveURL('/fr');

    await page.getByRole('link', { name: messages.fr.LanguageSwitcher.ariaLabel }).click();
    await expect(page).toHaveURL('/');
    // Back in English, the home page must open (a redirect loop here once locked people out).
    const again = await page.goto('/');
    expect(again?.status()).toBe(200);
    await expect(page).toHaveURL('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a NEXT_LOCALE cookie matching the address is served without redirect', async ({ page, context }) => {
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: 'http://localhost:3210' }]);
    const en = await page.goto('/');
    expect(en?.status()).toBe(200);
    expect(en?.request().redirectedFrom()).toBeNull();
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'fr', url: 'http://localhost:3210' }]);
    const fr = await page.goto('/fr');
    expect(fr?.status()).toBe(200);
    expect(fr?.request().redirectedFrom()).toBeNull();
  });

  test('a French browser landing on / goes to /fr', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-CA', extraHTTPHeaders: { 'Accept-Language': 'fr-CA,fr;q=0.9' } });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL('/fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await context.close();
  });

  test('a slug in the wrong language redirects to the right one', async ({ page }) => {
    await page.goto('/fr/book-online');
    await expect(page).toHaveURL('/fr/reserver-en-ligne');
    await page.goto('/reserver-en-ligne');
    await expect(page).toHaveURL('/fr/reserver-en-ligne');
    await page.goto('/en/about-us');
    await expect(page).toHaveURL('/about-us');
  });

  test('/auth/login leads to the sign-in page', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page).toHaveURL('/login');
    await page.goto('/fr/auth/login');
    await expect(page).toHaveURL('/fr/connexion');
  });
});

test.describe('the 404 screen', () => {
  for (const [path, locale] of [
    ['/no-such-page', 'en'],
    ['/fr/page-inexistante', 'fr'],
  ] as const) {
    test(`${path} shows the ${locale} 404 screen, and Go Home leads home`, async ({ page }) => {
      const t = messages[locale].ErrorScreen;
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle(t.notFoundDocumentTitle);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.notFoundTitle);
      await expect(page.getByText(t.notFoundPath.replace('{path}', path))).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: t.goHome }).click();
      await expect(page).toHaveURL(locale === 'fr' ? '/fr' : '/');
    });
  }

  test('the text is in the server-rendered HTML, not only after scripts run', async ({ request }) => {
    // One prerendered page answers every unknown address: its HTML says the page does not exist,
    // and the address itself is added once the page runs (the test above).
    const response = await request.get('/fr/page-inexistante');
    expect(response.status()).toBe(404);
    const html = await response.text();
    const t = messages.fr.ErrorScreen;
    for (const text of [t.notFoundTitle, t.notFoundMessage]) expect(html).toContain(`>${text.replaceAll("'", '&#x27;')}</`);
    expect(html).not.toMatch(/opacity:\s*0/);
  });

  test('Go Back returns to the previous page', async ({ page }) => {
    await page.goto('/about-us');
    await page.goto('/gone-page');
    // The buttons act once the screen's script has loaded (it is split off the main bundle).
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: messages.en.ErrorScreen.goBack }).click();
    await expect(page).toHaveURL('/about-us');
  });
});

test.describe('sitemaps', () => {
  for (const [path, locale] of [
    ['/sitemap.xml', 'en'],
    ['/fr/sitemap.xml', 'fr'],
  ] as const) {
    test(`${path} is valid XML listing ${locale} pages with alternates`, async ({ page, request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('xml');
      await page.goto('/');
      const summary = await page.evaluate((xml) => {
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        if (doc.querySelector('parsererror')) return null;
        return [...doc.getElementsByTagName('url')].map((url) => ({
          loc: url.getElementsByTagName('loc')[0]?.textContent ?? '',
          alternates: [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map(
            (l) => `${l.getAttribute('hreflang')}=${new URL(l.getAttribute('href') ?? '').pathname}`,
          ),
        }));
      }, await response.text());
      expect(summary).not.toBeNull();
      const locs = summary!.map((u) => new URL(u.loc).pathname);
      expect(locs).toContain(locale === 'en' ? '/book-online' : '/fr/reserver-en-ligne');
      expect(locs).not.toContain(locale === 'en' ? '/login' : '/fr/connexion');
      for (const url of summary!) {
        expect(url.alternates.map((a) => a.split('=')[0])).toEqual(['en', 'fr', 'x-default']);
      }
      const about = summary!.find((u) => u.loc.endsWith(locale === 'en' ? '/about-us' : '/fr/a-propos'));
      expect(about?.alternates).toEqual(['en=/about-us', 'fr=/fr/a-propos', 'x-default=/about-us']);
    });
  }

  test('robots.txt points at both sitemaps', async ({ request }) => {
    const body = await (await request.get('/robots.txt')).text();
    expect(body).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
    expect(body).toMatch(/Sitemap: http:\/\/localhost:\d+\/fr\/sitemap\.xml/);
  });
});

test.describe('the site frame', () => {
  test('at 320 px the menu opens, navigates and closes; the layout class follows the width', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/');
    await expect(page.locator('.site')).toHaveClass(/layout--mobile/);
    const menu = page.getByRole('button', { name: messages.en.Nav.menu });
    await expect(page.getByRole('link', { name: messages.en.Nav.contact })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('link', { name: messages.en.Nav.contact }).click();
    await expect(page).toHaveURL('/contact-us');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1300, height: 800 });
    await expect(page.locator('.site')).toHaveClass(/layout--desktop/);
  });

  test('the services menu works with the keyboard alone', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: messages.en.Nav.skipToContent })).toBeFocused();
    const services = page.locator('summary', { hasText: messages.en.Nav.services });
    await services.focus();
    await page.keyboard.press('Enter');
    const followUp = page.locator('header').getByRole('link', { name: messages.en.Services['follow-up'].name });
    await expect(followUp).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(followUp).toBeHidden();
    await expect(services).toBeFocused();
  });

  test('the footer shows the clinic contact constants', async ({ page }) => {
    await page.goto('/fr');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: '+1 (613) 555-0142' })).toHaveAttribute('href', 'tel:+16135550142');
    await expect(footer).toContainText('+1 (613) 555-0143');
    await expect(footer.getByRole('link', { name: 'info@equilibrenutrition.ca' })).toBeVisible();
  });

  test('pages with a token in their address never send it on as a referrer', async ({ request }) => {
    for (const path of ['/reset-password/MTI/abc', '/fr/reset-password/MTI/abc', '/verify-email?uid=MTI&token=x', '/fr/inscription/employe?invite=x', '/manage-appointment', '/fr/gerer-mon-rendez-vous']) {
      expect((await request.get(path)).headers()['referrer-policy'], path).toBe('no-referrer');
    }
  });

  test('the running build id is served without caching', async ({ request }) => {
    const response = await request.get('/api/build?t=1');
    expect(response.headers()['cache-control']).toContain('no-store');
    expect((await response.json()).build_id).toMatch(/\S+/);
  });

  test('a link fetches its page ahead on hover or focus, not because it is on screen (issue #42)', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (r) => r.headers()['rsc'] === '1' && fetched.push(new URL(r.url()).pathname));
    await page.goto('/fr/blogs');
    await page.waitForLoadState('networkidle');
    expect(fetched).toEqual([]);
    await page.getByRole('link', { name: messages.fr.Nav.about, exact: true }).first().hover();
    await expect.poll(() => fetched).toContain('/fr/a-propos');
    await page.getByRole('link', { name: messages.fr.Nav.contact, exact: true }).first().focus();
    await expect.poll(() => fetched).toContain('/fr/nous-contacter');
    // The booking page's code and data load on click only (issue 14).
    await page.getByRole('link', { name: messages.fr.Nav.bookOnline, exact: true }).first().hover();
    await page.waitForLoadState('networkidle');
    expect(fetched.filter((path) => path.startsWith('/fr/reserver'))).toEqual([]);
  });

  test('each navigation sends one page view with the route name and path', async ({ page }) => {
    const views: unknown[] = [];
    page.on('request', (r) => r.url().endsWith('/api/analytics/pageview') && views.push(r.postDataJSON()));
    await page.goto('/fr/a-propos');
    await page.getByRole('link', { name: messages.fr.Nav.contact }).first().click();
    await expect(page).toHaveURL('/fr/nous-contacter');
    await expect.poll(() => views.length).toBe(2);
    expect(views).toEqual([
      { route: 'about-us___fr', path: '/fr/a-propos', locale: 'fr' },
      { route: 'contact-us___fr', path: '/fr/nous-contacter', locale: 'fr' },
    ]);
  });
});
