import 'server-only';
import { and, sql, type SQL } from 'drizzle-orm';

// Accent folding without the unaccent extension (PGlite has none): the letters of French names.
// Both cases are listed because lower() leaves accented capitals alone under the C collation.
const ACCENTED = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝ';
const PLAIN = 'aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuy';

/** Lowercase, without accents: what foldSql makes of a column, for a search term. */
export const foldText = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

export const foldSql = (column: SQL) => sql`lower(translate(${column}, ${ACCENTED}, ${PLAIN}))`;

/** LIKE's own wildcards in a term are literal characters. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Rows whose text contains every word of the term, case and accents ignored ("Lea Roy" and
 * "roy léa" both find Léa Roy). Undefined for a term with no words (no condition).
 */
export function containsEveryWord(haystack: SQL, term: string): SQL | undefined {
  const words = foldText(term).split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  const folded = foldSql(haystack);
  return and(...words.map((word) => sql`${folded} LIKE ${`%${likeLiteral(word)}%`}`));
}
