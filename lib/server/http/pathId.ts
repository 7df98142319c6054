import 'server-only';
import { idTextSchema } from '@/lib/schemas/ids';

const idText = idTextSchema();

/**
 * A route's `[id]` as a number (lib/schemas/ids.ts). Anything that is no id, a value past the
 * database's range included, names no row: the route's own not-found error is thrown.
 */
export function pathId(text: string, notFound: () => Error): number {
  const parsed = idText.safeParse(text);
  if (!parsed.success) throw notFound();
  return parsed.data;
}
