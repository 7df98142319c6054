import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { pageLink } from '@/lib/server/auth/links';
import type { Database } from '@/lib/server/db/client';

/**
 * Helpers of the after-booking tests (after-booking*.test.ts): what a patient finds in the
 * e-mails a booking sends (the manage link's token, the video call link, the .ics attachment),
 * and a search of the whole database for a secret.
 */

/** SHA-256 hex, computed here rather than with the library's own helper. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The token of the manage link (`<origin>/manage-appointment#<token>` or `/fr/gerer-mon-rendez-vous#<token>`) in an e-mail's text. */
export function manageTokenIn(text: string, language: 'en' | 'fr'): string | undefined {
  const page = pageLink(language, '/manage-appointment');
  return new RegExp(`${escapeRegExp(page)}#([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])`).exec(text)?.[1];
}

/** The "Video call link: …" / "Lien de l’appel vidéo : …" of an e-mail's text (any space before the French colon). */
export function joinLinkIn(text: string, language: 'en' | 'fr'): string | undefined {
  const label = language === 'fr' ? 'Lien de l’appel vidéo\\s:' : 'Video call link:';
  return new RegExp(`${label} (\\S+)`).exec(text)?.[1];
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The decoded text/calendar part of a raw message (an outbox .eml or what an SMTP server received); '' when there is none. */
export function calendarPartOf(raw: string): string {
  // Every MIME part starts after a boundary line; its headers end at the first blank line.
  for (const chunk of raw.split(/\r\n--[^\r\n]+\r\n/)) {
    const split = chunk.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const headers = chunk.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
    if (!/^content-type:\s*text\/calendar/im.test(headers)) continue;
    const body = chunk.slice(split + 4).replace(/\r\n--[^\r\n]*--\s*$/, '');
    const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
    return body;
  }
  return '';
}

/** The .ics attached to an outbox message. */
export const calendarOfEml = (emlPath: string) => calendarPartOf(readFileSync(emlPath, 'utf8'));

/** RFC 5545 §3.1: a CRLF followed by a space or tab continues the previous line. */
export const unfoldIcs = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

/** The value of the first `NAME` or `NAME;PARAM=...` property line of an unfolded .ics; undefined when absent. */
export function icsProperty(lines: string[], name: string): string | undefined {
  const line = lines.find((l) => new RegExp(`^${name}[;:]`).test(l));
  if (!line) return undefined;
  // The value starts after the first ':' that is outside a quoted parameter value.
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) return line.slice(i + 1);
  }
  return undefined;
}

/** The tables of the public schema that hold `secret` anywhere in a row (every column, cast to text). */
export async function tablesHolding(db: Database, secret: string): Promise<string[]> {
  const tables = await db.execute<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const found: string[] = [];
  for (const { name } of tables.rows) {
    const hits = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} t WHERE strpos(t::text, ${secret}) > 0`);
    if ((hits.rows[0]?.n ?? 0) > 0) found.push(name);
  }
  return found;
}
