import { z } from 'zod';
import { authorKeys } from './authors';

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** YAML reads an unquoted 2025-01-15 as a Date: bring it back to the ISO day. */
const isoDay = z.preprocess(
  (value) => (value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value),
  z.iso.date(),
);

/** The front matter every post and quick bite must carry. */
export const frontMatterSchema = z
  .object({
    title: z.string().trim().min(1),
    summary: z.string().trim().min(20).max(300),
    date: isoDay,
    author: z.enum(authorKeys),
    cover: z.string().regex(/^\/images\/(blog|quick-bites)\/[a-z0-9-]+\.svg$/, 'must be an SVG under /images/blog or /images/quick-bites'),
    coverAlt: z.string().trim().min(1),
    tags: z.array(z.string().trim().min(1)).min(1),
    translation: z.string().regex(slugPattern, 'must be the slug of the other-language version'),
    /** Minutes; computed from the word count when absent. */
    readingTime: z.number().int().positive().optional(),
  })
  .strict();

export type FrontMatter = z.infer<typeof frontMatterSchema>;
