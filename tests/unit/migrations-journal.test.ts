// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

const { entries } = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: JournalEntry[] };

describe('the migrations journal', () => {
  // Drizzle applies a migration only when its `when` is later than the last one a database
  // applied: an entry dated ahead of its successors makes every existing database skip them,
  // silently (new databases still get them, so nothing else would notice).
  it('dates each migration after the one before it, and none in the future', () => {
    for (const [i, entry] of entries.entries()) {
      expect(entry.idx, entry.tag).toBe(i);
      if (i > 0) expect(entry.when, `${entry.tag} after ${entries[i - 1]!.tag}`).toBeGreaterThan(entries[i - 1]!.when);
      expect(entry.when, `${entry.tag} is dated in the future`).toBeLessThanOrEqual(Date.now());
    }
  });

  it('has a file for each entry', () => {
    for (const entry of entries) expect(existsSync(`drizzle/${entry.tag}.sql`), entry.tag).toBe(true);
  });
});
