import { pageScriptHashes } from '@/lib/http/staticPageHashes';
import { localizedPath } from '@/lib/i18n/paths';
import { locales, type AppPathname } from '@/lib/i18n/routing';
import type { Context } from './actors';
import { cacheProblems, describe, type Answer } from './http';
import { Section } from './report';

/**
 * Section 7: the security headers of issue #9 (DESIGN §4.5, OWASP ASVS 5.0 V3.4) on pages and
 * API answers. A page rendered per request carries a fresh CSP nonce on every script; a
 * prerendered page (issue 14) names each of its inline scripts by hash, with no nonce.
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
