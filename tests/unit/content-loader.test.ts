import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authors } from '@/lib/content/authors';
import { listPosts, loadPosts, type Post } from '@/lib/content/loader';
import { readingMinutes, renderMarkdown } from '@/lib/content/markdown';
import { postTranslations, publishedSlugs, type PostKind } from '@/lib/content/publishedSlugs';
import type { Locale } from '@/lib/i18n/routing';

const kinds: PostKind[] = ['blog', 'quickBite'];
const posts = (kind: PostKind, locale: Locale) => listPosts(kind, locale);
const wordCount = (post: Post) => post.html.replace(/<[^>]+>/g, ' ').split(/\s+/).filter(Boolean).length;

describe('the published content', () => {
  it('has at least 6 blog posts and 8 quick bites, the same number in both languages', () => {
    expect(posts('blog', 'en').length).toBeGreaterThanOrEqual(6);
    expect(posts('quickBite', 'en').length).toBeGreaterThanOrEqual(8);
    for (const kind of kinds) expect(posts(kind, 'fr')).toHaveLength(posts(kind, 'en').length);
  });

  it.each(kinds)('%s: every post has a translation that exists and points back, with the same date and author', (kind) => {
    for (const [locale, other] of [['en', 'fr'], ['fr', 'en']] as const) {
      const theirs = new Map(posts(kind, other).map((post) => [post.slug, post]));
      for (const post of posts(kind, locale)) {
        const translation = theirs.get(post.translation);
        expect(translation, `${locale}/${post.slug} -> ${post.translation}`).toBeDefined();
        expect(translation!.translation).toBe(post.slug);
        expect(translation!.date).toBe(post.date);
        expect(translation!.author).toBe(post.author);
        expect(translation!.slug).not.toBe(post.slug);
      }
    }
  });

  it('signs every post with a dietitian of the team and shows a reading time', () => {
    for (const kind of kinds) {
      for (const locale of ['en', 'fr'] as const) {
        for (const post of posts(kind, locale)) {
          expect(Object.keys(authors)).toContain(post.author);
          expect(post.readingTime).toBeGreaterThan(0);
        }
      }
    }
  });

  it('keeps blog posts to 500-900 words and quick bites to 150-300', () => {
    for (const locale of ['en', 'fr'] as const) {
      for (const post of posts('blog', locale)) expect(wordCount(post), post.slug).toBeGreaterThanOrEqual(500);
      for (const post of posts('blog', locale)) expect(wordCount(post), post.slug).toBeLessThanOrEqual(900);
      for (const post of posts('quickBite', locale)) expect(wordCount(post), post.slug).toBeGreaterThanOrEqual(150);
      for (const post of posts('quickBite', locale)) expect(wordCount(post), post.slug).toBeLessThanOrEqual(300);
    }
  });

  it('lists newest first', () => {
    const dates = posts('blog', 'en').map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('is in sync with lib/content/publishedSlugs.ts (what the middleware, switcher and sitemaps read)', () => {
    for (const kind of kinds) {
      for (const locale of ['en', 'fr'] as const) {
        const fromFiles = Object.fromEntries(posts(kind, locale).map((post) => [post.slug, post.translation]));
        expect(postTranslations[kind][locale]).toEqual(fromFiles);
        expect([...publishedSlugs[kind][locale]].sort()).toEqual(Object.keys(fromFiles).sort());
      }
    }
  });
});

describe('Markdown rendering', () => {
  it('renders headings, lists, emphasis and tables', () => {
    const html = renderMarkdown('## Fibre\n\n- oats\n- **barley**\n\n1. one\n2. two\n\n| a | b |\n| - | - |\n| 1 | 2 |\n');
    expect(html).toContain('<h2>Fibre</h2>');
    expect(html).toMatch(/<ul>\s*<li>oats<\/li>\s*<li><strong>barley<\/strong><\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>one<\/li>/);
    expect(html).toContain('<table>');
  });

  it('shows raw HTML as text instead of injecting it', () => {
    const html = renderMarkdown('Hello <script>alert(1)</script>\n\n<iframe src="https://example.com"></iframe>\n');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<iframe');
    expect(html).toContain('&lt;script&gt;');
  });

  it('estimates reading time at about 200 words a minute, at least one', () => {
    expect(readingMinutes('word '.repeat(30))).toBe(1);
    expect(readingMinutes('word '.repeat(1000))).toBe(5);
  });
});

describe('front matter validation', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'content-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const valid = {
    title: 'Oats',
    summary: 'Why oats are a good breakfast for most people.',
    date: '2026-01-05',
    author: 'sophie-tremblay',
    cover: '/images/blog/fibre-gut-health.svg',
    coverAlt: 'A bowl of oats.',
    tags: ['Fibre'],
    translation: 'avoine',
  };

  /** Writes one post into a fresh content folder and loads it. */
  function load(front: Record<string, unknown>, name = 'oats') {
    const dir = path.join(root, name, 'blog', 'en');
    mkdirSync(dir, { recursive: true });
    const yaml = Object.entries(front)
      .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
      .join('\n');
    writeFileSync(path.join(dir, `${name}.md`), `---\n${yaml}\n---\n\n## Oats\n\nA warm bowl.\n`);
    return loadPosts('blog', 'en', path.join(root, name));
  }

  it('accepts a complete post', () => {
    const [post] = load(valid, 'complete');
    expect(post).toMatchObject({ slug: 'complete', title: 'Oats', date: '2026-01-05', readingTime: 1 });
    expect(post!.html).toContain('<h2>Oats</h2>');
  });

  it('fails naming the file and the field when a required field is missing', () => {
    const { author: _missing, ...withoutAuthor } = valid;
    expect(() => load(withoutAuthor, 'no-author')).toThrow(/no-author\.md.*field "author"/);
  });

  it('fails naming the file and the field when a value is wrong', () => {
    expect(() => load({ ...valid, date: '2026-13-40' }, 'bad-date')).toThrow(/bad-date\.md.*field "date"/);
    expect(() => load({ ...valid, author: 'someone-else' }, 'bad-author')).toThrow(/bad-author\.md.*field "author"/);
    expect(() => load({ ...valid, cover: '/images/blog/missing.svg' }, 'no-cover')).toThrow(/no-cover\.md.*field "cover"/);
    expect(() => load({ ...valid, tags: [] }, 'no-tags')).toThrow(/no-tags\.md.*field "tags"/);
  });

  it('fails on an unknown field (a typo would otherwise be ignored)', () => {
    expect(() => load({ ...valid, autor: 'sophie-tremblay' }, 'typo')).toThrow(/typo\.md.*autor/);
  });
});
