import 'server-only';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { Locale } from '@/lib/i18n/routing';
import { postKinds } from './kinds';
import { readingMinutes, renderMarkdown } from './markdown';
import type { PostKind } from './publishedSlugs';
import { frontMatterSchema, slugPattern, type FrontMatter } from './schema';

export type Post = Omit<FrontMatter, 'readingTime'> & {
  kind: PostKind;
  locale: Locale;
  slug: string;
  readingTime: number;
  html: string;
};

// Runtime folders, not source: kept out of the bundler's file tracing (else it traces the whole
// project), as lib/server/db/client.ts does. The build ships content/ through next.config.ts's
// outputFileTracingIncludes.
const defaultRoot = () => path.join(/*turbopackIgnore: true*/ process.cwd(), 'content');
const publicDir = () => path.join(/*turbopackIgnore: true*/ process.cwd(), 'public');

/** Reads, validates and renders one Markdown file; any problem names the file and the field. */
export function readPostFile(file: string, kind: PostKind, locale: Locale): Post {
  const relative = path.relative(process.cwd(), file);
  const where = relative && !relative.startsWith('..') ? relative : file;
  const slug = path.basename(file, '.md');
  if (!slugPattern.test(slug)) throw new Error(`${where}: the file name must be a slug (lowercase words joined by dashes)`);

  const { data, content } = matter(readFileSync(file, 'utf8'));
  const parsed = frontMatterSchema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const field = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : '(front matter)');
      return `field "${field}": ${issue.message}`;
    });
    throw new Error(`${where}: invalid front matter, ${problems.join('; ')}`);
  }
  const { readingTime, ...front } = parsed.data;
  if (!existsSync(path.join(publicDir(), front.cover))) {
    throw new Error(`${where}: field "cover": no file public${front.cover}`);
  }
  if (!content.trim()) throw new Error(`${where}: the post has no body`);

  return { ...front, kind, locale, slug, readingTime: readingTime ?? readingMinutes(content), html: renderMarkdown(content) };
}

/** Every post of a kind in a language, newest first. */
export function loadPosts(kind: PostKind, locale: Locale, root: string = defaultRoot()): Post[] {
  const dir = path.join(/*turbopackIgnore: true*/ root, postKinds[kind].folder, locale);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => readPostFile(path.join(dir, name), kind, locale))
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title, locale));
}

// Pages render per request (their CSP nonce), and posts are files shipped with the build: read
// and render them once per process. In development every call reads them, so edits show at once.
const loaded = new Map<string, Post[]>();

export function listPosts(kind: PostKind, locale: Locale): Post[] {
  if (process.env.NODE_ENV === 'development') return loadPosts(kind, locale);
  const key = `${kind}/${locale}`;
  let posts = loaded.get(key);
  if (!posts) {
    posts = loadPosts(kind, locale);
    loaded.set(key, posts);
  }
  return posts;
}

export function getPost(kind: PostKind, locale: Locale, slug: string): Post | undefined {
  if (!slugPattern.test(slug)) return undefined;
  return listPosts(kind, locale).find((post) => post.slug === slug);
}
