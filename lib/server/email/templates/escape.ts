import 'server-only';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe in element content and in quoted attribute values alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** A link we put in a button must be a web address: never `javascript:` or `data:`. */
export function assertWebLink(link: string): string {
  const { protocol } = new URL(link);
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error('e-mail links must be http(s) URLs');
  return link;
}

/** A name as one tidy line: a stray newline must not reach a Subject header or break the text. */
export function oneLine(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}
