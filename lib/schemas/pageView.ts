import { z } from 'zod';

/** A page view: the route's name and the path, nothing that identifies the visitor. */
export const pageViewSchema = z.strictObject({
  route: z.string().min(1).max(120).regex(/^[a-z0-9-]+(___(en|fr))?$/),
  path: z.string().min(1).max(512).startsWith('/'),
  locale: z.enum(['en', 'fr']),
});
