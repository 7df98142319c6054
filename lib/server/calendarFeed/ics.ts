import 'server-only';

/**
 * The few parts of RFC 5545 a subscribed feed needs, written by hand because the `ics` package
 * (used for the booking e-mails' single events) folds lines at 75 characters, not 75 octets: a
 * French line then passes the limit, and Google may drop the whole feed for one bad fold.
 * Times are written in UTC (no VTIMEZONE needed, which Outlook asks for with any TZID).
 */

export interface FeedEvent {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  /** When the row last changed: DTSTAMP and LAST-MODIFIED. */
  stamp: Date;
  summary: string;
  location: string;
  description: string;
  url: string;
}

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, newline. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** 20261128T143000Z. */
export function utcStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** A character's length in UTF-8. */
function octetsOf(char: string): number {
  const code = char.codePointAt(0)!;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/**
 * A content line folded at 75 octets (RFC 5545 §3.1): each continuation starts with one space and
 * holds at most 74 octets more; a multi-octet UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= 75) return line;
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = octetsOf(char);
    if (octets + size > limit) {
      parts.push(part);
      part = '';
      octets = 0;
      limit = 74;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

function eventLines(event: FeedEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `LAST-MODIFIED:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'CLASS:PRIVATE',
    'END:VEVENT',
  ];
}

/** A whole VCALENDAR, CRLF line ends, every line folded. */
export function calendarText(input: { name: string; language: 'en' | 'fr'; refreshHours: number; events: FeedEvent[] }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Equilibre Nutrition//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(input.name)}`,
    `NAME:${escapeText(input.name)}`,
    // Apple and Outlook honour these; Google ignores them and refreshes every 8 to 24 hours.
    `REFRESH-INTERVAL;VALUE=DURATION:PT${input.refreshHours}H`,
    `X-PUBLISHED-TTL:PT${input.refreshHours}H`,
    ...input.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
