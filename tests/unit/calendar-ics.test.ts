import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, utcStamp } from '@/lib/server/calendarFeed/ics';

/** Issue #41's iCalendar lines: folded at 75 octets without splitting a character, text escaped, times in UTC. */
describe('the calendar feed’s lines', () => {
  it('folds at 75 octets, each continuation a space and at most 74 more, never inside a character', () => {
    const line = `SUMMARY:${'Évaluation nutritionnelle — séance à l’hôpital, '.repeat(4)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    parts.forEach((part, i) => {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
    });
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(folded).not.toContain('\uFFFD');
    expect(foldLine('SUMMARY:Suivi — virtuelle')).toBe('SUMMARY:Suivi — virtuelle');
  });

  it('escapes backslashes, semicolons, commas and newlines, and writes times in UTC', () => {
    expect(escapeText('a\\b; c, d\ne')).toBe('a\\\\b\\; c\\, d\\ne');
    expect(utcStamp(new Date('2026-11-28T14:30:05.123Z'))).toBe('20261128T143005Z');
  });
});
