import { pageScriptHashes } from '@/lib/http/staticPageHashes';
import { localizedPath } from '@/lib/i18n/paths';
import { locales, type AppPathname } from '@/lib/i18n/routing';
import type { Context } from './actors';
import { cacheProblems, describe, type Answer } from './http';
import { Section } from './report';

/**
 * Section 7: the security headers of issue #9 (DESIGN §4.5, OWASP ASVS 5.0 V3.4) on pages and
 * API answers. A page rendered per request carries a fresh CSP nonce on every script; a
 * prerendered page (issue 14) names each of its inline scripts by hash, with no nonce. What a
 * shared cache may keep (issue 27): never a Set-Cookie, a 404 a minute at most, and an address
 * whose answer depends on the cookie and the browser's languages says so in Vary.
 */
export async function runHeaders(ctx: Context): Promise<Section> {
  const section = new Section('headers');
  const { client } = ctx;
  // As a browser would ask: the page's own language (Node's fetch sends `*`, which next-intl may redirect).
  const language = (path: string) => (/^\/fr(\/|$)/.test(path) ? 'fr-CA,fr;q=0.9' : 'en-CA,en;q=0.9');
  const get = (path: string, method = 'GET') => client.send(section, { method, path, headers: { 'accept-language': language(path) } });

  const blogs = await get(localizedPath('/blogs', 'en'));
  const post = /href="(\/blog\/[^"#?]+)"/.exec(blogs.text)?.[1];
  section.check(post !== undefined, `no blog post linked from /blogs: ${describe(blogs)}`);
  const prerendered = ['/', '/fr', localizedPath('/book-online', 'en'), localizedPath('/book-online', 'fr'), ...(post ? [post] : [])];
  // The team lists the dietitians from the database at each request.
  const perRequest = [localizedPath('/about-us/our-team', 'en'), localizedPath('/about-us/our-team', 'fr')];

  for (const path of [...prerendered, ...perRequest]) {
    const first = await get(path);
    const second = await get(path);
    section.check(first.status === 200, `${path}: expected 200, got ${describe(first)}`);
    const script = checkPolicy(section, path, first);
    const again = checkPolicy(section, path, second);
    if (prerendered.includes(path)) {
      const nonce = script.find((source) => source.startsWith("'nonce-"));
      section.check(nonce === undefined && !script.includes("'unsafe-inline'") && script[0] === "'self'", `${path}: a prerendered page's script-src "${script.join(' ')}"`);
      section.check(script.join(' ') === again.join(' '), `${path}: a prerendered page's policy changed between two responses`);
      const missing = pageScriptHashes(first.text).filter((hash) => !script.includes(hash));
      section.check(missing.length === 0, `${path}: ${missing.length} inline scripts not named by hash in the policy`);
    } else {
      const nonce = nonceOf(script);
      section.check(nonce !== undefined && script.includes("'self'") && script.includes("'strict-dynamic'"), `${path}: script-src "${script.join(' ')}"`);
      if (nonce && nonceOf(again)) section.check(nonce !== nonceOf(again), `${path}: the same nonce in two responses`);
      if (nonce) checkScripts(section, path, first.text, nonce);
    }
    checkCommon(section, path, first, 'strict-origin-when-cross-origin');
    section.check((first.headers.get('permissions-policy') ?? '') !== '', `${path}: no Permissions-Policy`);
    checkSharedCache(section, path, first);
    if (prerendered.includes(path)) {
      // Issue 14: a prerendered page stays for a CDN to keep (issue 27 took nothing away from that).
      section.check(sharedLifetime(first) > 0, `${path}: a prerendered page a shared cache may not keep: Cache-Control "${first.headers.get('cache-control') ?? 'missing'}"`);
    }
  }

  // Unknown addresses that look like files (issue 18): the middleware runs on them too, so they
  // get the 404 page with the page policy, not a bare Next 404 without one.
  for (const path of ['/nope.js', '/fr/rien.php']) {
    const answer = await get(path);
    section.check(answer.status === 404, `${path}: expected 404, got ${describe(answer)}`);
    const script = checkPolicy(section, path, answer);
    const nonce = nonceOf(script);
    if (nonce) checkScripts(section, path, answer.text, nonce);
    else {
      const missing = pageScriptHashes(answer.text).filter((hash) => !script.includes(hash));
      section.check(missing.length === 0, `${path}: ${missing.length} inline scripts of the 404 page neither named by hash nor given a nonce`);
    }
    checkCommon(section, path, answer, 'strict-origin-when-cross-origin');
    section.check((answer.headers.get('permissions-policy') ?? '') !== '', `${path}: no Permissions-Policy`);
    checkVisibleText(section, `${path} (the 404 page)`, answer);
    // Issue 27: kept by a shared cache a minute at most (it was a year), by a browser not at all.
    checkSharedCache(section, path, answer);
    const browserAge = /(?:^|[,\s])max-age=(\d+)/.exec(answer.headers.get('cache-control') ?? '')?.[1];
    section.check(sharedLifetime(answer) <= 60 && Number(browserAge ?? 0) === 0, `${path}: a 404 kept too long: Cache-Control "${answer.headers.get('cache-control') ?? 'missing'}"`);
  }

  // Issue 27: what a shared cache keeps is harmless and names what it depends on.
  // A page load in another language than the browser's sets the cookie: that answer is private.
  const frenchForEnglish = await client.send(section, { method: 'GET', path: '/fr', headers: { 'accept-language': 'en-CA,en;q=0.9' } });
  section.check(/NEXT_LOCALE=fr/.test(frenchForEnglish.headers.get('set-cookie') ?? ''), `/fr for an English browser: no NEXT_LOCALE cookie (${describe(frenchForEnglish)})`);
  checkSharedCache(section, '/fr (English browser)', frenchForEnglish);
  // The French page itself answers the same to everyone: no cookie, no Vary on the cookie needed.
  const frenchForFrench = await get('/fr');
  section.check(frenchForFrench.headers.get('set-cookie') === null, `/fr for a French browser: Set-Cookie "${frenchForFrench.headers.get('set-cookie')}"`);
  // An unprefixed (English) address answers by the cookie and Accept-Language: page or redirect, it says so.
  const englishPage = localizedPath('/about-us', 'en');
  const answers: [string, Answer][] = [
    [`${englishPage} (English browser)`, await get(englishPage)],
    [`${englishPage} (French cookie)`, await client.send(section, { method: 'GET', path: englishPage, cookie: 'NEXT_LOCALE=fr', headers: { 'accept-language': 'en-CA,en;q=0.9' } })],
    [`${englishPage} (French browser)`, await client.send(section, { method: 'GET', path: englishPage, headers: { 'accept-language': 'fr-CA,fr;q=0.9' } })],
    ['/ (English browser)', await get('/')],
  ];
  const [english, frenchCookie, frenchBrowser] = answers.map(([, answer]) => answer);
  section.check(english!.status === 200, `${englishPage} (English browser): expected 200, got ${describe(english!)}`);
  section.check(frenchCookie!.status === 307 && frenchBrowser!.status === 307, `${englishPage}: a French visitor is not redirected (${describe(frenchCookie!)}; ${describe(frenchBrowser!)})`);
  for (const [label, answer] of answers) {
    const vary = listOf(answer.headers.get('vary')).map((name) => name.toLowerCase());
    section.check(vary.includes('cookie') && vary.includes('accept-language'), `${label}: Vary "${answer.headers.get('vary') ?? 'missing'}" lacks Cookie, Accept-Language`);
    checkSharedCache(section, label, answer);
  }

  // No "undefined" where a value was missing, in what a visitor reads, in both languages.
  const frenchBlogs = await get(localizedPath('/blogs', 'fr'));
  const frenchPost = /href="(\/fr\/blog\/[^"#?]+)"/.exec(frenchBlogs.text)?.[1];
  section.check(frenchPost !== undefined, `no blog post linked from /fr/blogs: ${describe(frenchBlogs)}`);
  const readable = [
    ...locales.flatMap((locale) => ['/', '/services/nutrition-evaluation', '/manage-appointment'].map((page) => localizedPath(page as AppPathname, locale))),
    ...(post ? [post] : []),
    ...(frenchPost ? [frenchPost] : []),
  ];
  for (const path of readable) {
    const answer = await get(path);
    section.check(answer.status === 200, `${path}: expected 200, got ${describe(answer)}`);
    checkVisibleText(section, path, answer);
  }

  // Pages whose address carries a secret token never send it on in a Referer (next.config.ts).
  const tokenPages: [AppPathname, Record<string, string>][] = [['/reset-password/[uid]/[token]', { uid: 'x', token: 'y' }], ['/verify-email', {}], ['/signup/employee', {}], ['/manage-appointment', {}], ['/waitlist', {}]];
  for (const [page, params] of tokenPages) {
    for (const locale of locales) {
      const path = localizedPath(page, locale, params);
      checkCommon(section, path, await get(path), 'no-referrer');
    }
  }

  // API answers: data, never sniffed as a document, never cached (the metadata's hour aside).
  const apiAnswers: [string, string][] = [['GET', '/api/build'], ['GET', '/api/auth/me'], ['GET', '/api/services/all'], ['GET', '/api/no-such-route'], ['PATCH', '/api/build'], ['POST', '/api/contact']];
  for (const [method, path] of apiAnswers) {
    const answer = await get(path, method);
    const label = `${method} ${path} (${answer.status})`;
    section.check(answer.headers.get('x-content-type-options') === 'nosniff', `${label}: X-Content-Type-Options "${answer.headers.get('x-content-type-options') ?? 'missing'}"`);
    const problems = cacheProblems(path, answer);
    section.check(problems.length === 0, `${label}: ${problems.join('; ')}`);
  }
  return section;
}

const listOf = (header: string | null) => (header ?? '').split(',').map((item) => item.trim()).filter(Boolean);

/**
 * How long a shared cache (a CDN, a proxy) may keep an answer, in seconds: s-maxage, else
 * max-age of a public answer; 0 for private or no-store (RFC 9111; an answer with no freshness
 * a cache could only keep to revalidate, and these have no validator).
 */
function sharedLifetime(answer: Answer): number {
  const directives = listOf(answer.headers.get('cache-control')?.toLowerCase() ?? null);
  if (directives.some((d) => d === 'no-store' || d === 'private' || d.startsWith('private='))) return 0;
  const value = (name: string) => directives.find((d) => d.startsWith(`${name}=`))?.slice(name.length + 1);
  const shared = value('s-maxage') ?? (directives.includes('public') ? value('max-age') : undefined);
  return Number(shared ?? 0);
}

/** Issue 27: an answer a shared cache may keep carries no Set-Cookie (it would hand it to everyone). */
function checkSharedCache(section: Section, label: string, answer: Answer): void {
  const cookie = answer.headers.get('set-cookie');
  section.check(sharedLifetime(answer) === 0 || cookie === null, `${label} (${answer.status}): Cache-Control "${answer.headers.get('cache-control')}" with Set-Cookie "${cookie}"`);
}

const nonceOf = (script: string[]) => script.map((source) => /^'nonce-([A-Za-z0-9+/]+={0,2})'$/.exec(source)?.[1]).find(Boolean);

/** Checks the page's Content-Security-Policy; returns its script-src sources. */
function checkPolicy(section: Section, path: string, answer: Answer): string[] {
  const policy = answer.headers.get('content-security-policy');
  if (!section.check(policy !== null, `${path}: no Content-Security-Policy`, `${path}: no Content-Security-Policy`)) return [];
  const directives = new Map(
    policy!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map((parts) => [parts[0]!.toLowerCase(), parts.slice(1)]),
  );
  const script = directives.get('script-src') ?? [];
  section.check(!script.includes("'unsafe-inline'") && !script.includes("'unsafe-eval'"), `${path}: script-src "${script.join(' ')}"`);
  const exact: [string, string][] = [['object-src', "'none'"], ['base-uri', "'none'"], ['frame-ancestors', "'none'"], ['form-action', "'self'"]];
  for (const [name, value] of exact) {
    const sources = directives.get(name);
    section.check(sources?.length === 1 && sources[0] === value, `${path}: ${name} "${sources?.join(' ') ?? 'missing'}", expected ${value}`);
  }
  return script;
}

/** Every script tag carries the nonce, except JSON-LD data blocks (not run, so not covered). */
function checkScripts(section: Section, path: string, html: string, nonce: string): void {
  const tags = html.match(/<script\b[^>]*>/gi) ?? [];
  section.check(tags.length > 0, `${path}: no <script> tag in the HTML`);
  const missing = tags.filter((tag) => !/type=["']?application\/ld\+json/i.test(tag) && !tag.includes(`nonce="${nonce}"`));
  section.check(missing.length === 0, `${path}: ${missing.length} of ${tags.length} script tags without nonce="${nonce}", e.g. ${missing[0]?.slice(0, 120)}`);
}

/** The text a visitor sees: the HTML without its scripts, styles, comments and tags. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/\s+/g, ' ');
}

/** A value that was missing when the page was rendered shows as "undefined" (or "[object Object]"). */
function checkVisibleText(section: Section, label: string, answer: Answer): void {
  const text = visibleText(answer.text);
  section.check(text.trim().length > 0, `${label}: no visible text`);
  const found = /\bundefined\b|\[object Object\]/i.exec(text);
  section.check(found === null, `${label}: "${found?.[0]}" in the visible text: …${text.slice(Math.max(0, (found?.index ?? 0) - 60), (found?.index ?? 0) + 40)}…`);
}

function checkCommon(section: Section, path: string, answer: Answer, referrerPolicy: string): void {
  const hsts = answer.headers.get('strict-transport-security');
  section.check(hsts === 'max-age=31536000; includeSubDomains', `${path}: Strict-Transport-Security "${hsts ?? 'missing'}"`);
  section.check(answer.headers.get('x-content-type-options') === 'nosniff', `${path}: X-Content-Type-Options "${answer.headers.get('x-content-type-options') ?? 'missing'}"`);
  const referrer = answer.headers.get('referrer-policy');
  section.check(referrer === referrerPolicy, `${path} (${answer.status}): Referrer-Policy "${referrer ?? 'missing'}", expected ${referrerPolicy}`);
}
