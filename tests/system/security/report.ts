/**
 * What each section found: requests sent, checks passed and failed, and the failures' details.
 * Failures with the same key are grouped, so a fuzzer that trips one bug a hundred times prints
 * it once with its count and first example.
 */
export class Section {
  sent = 0;
  passed = 0;
  failed = 0;
  private readonly groups = new Map<string, { count: number; example: string }>();
  /** Figures worth quoting (what was sent and what came back), printed under the table. */
  readonly notes: string[] = [];

  constructor(readonly name: string) {}

  note(line: string): void {
    this.notes.push(line);
  }

  /** One assertion; `key` groups repeated failures (defaults to the detail itself). */
  check(ok: boolean, detail: string, key: string = detail): boolean {
    if (ok) {
      this.passed += 1;
      return true;
    }
    this.failed += 1;
    const group = this.groups.get(key);
    if (group) group.count += 1;
    else this.groups.set(key, { count: 1, example: detail });
    return false;
  }

  failures(): { key: string; count: number; example: string }[] {
    return [...this.groups].map(([key, group]) => ({ key, ...group }));
  }
}

const pad = (value: string | number, width: number) => String(value).padEnd(width);
const padLeft = (value: string | number, width: number) => String(value).padStart(width);

/** The summary table, then every failure group (up to `maxGroups` per section). */
export function printReport(sections: Section[], maxGroups = Number(process.env.SECURITY_MAX_GROUPS ?? 40)): void {
  const width = Math.max(...sections.map((s) => s.name.length), 'section'.length) + 2;
  const line = `${pad('section', width)}${padLeft('requests', 10)}${padLeft('passed', 9)}${padLeft('failed', 9)}`;
  console.log(`\n${line}\n${'-'.repeat(line.length)}`);
  for (const s of sections) console.log(`${pad(s.name, width)}${padLeft(s.sent, 10)}${padLeft(s.passed, 9)}${padLeft(s.failed, 9)}`);
  const total = sections.reduce((sum, s) => ({ sent: sum.sent + s.sent, passed: sum.passed + s.passed, failed: sum.failed + s.failed }), { sent: 0, passed: 0, failed: 0 });
  console.log(`${'-'.repeat(line.length)}\n${pad('total', width)}${padLeft(total.sent, 10)}${padLeft(total.passed, 9)}${padLeft(total.failed, 9)}`);

  for (const s of sections) {
    if (s.notes.length === 0) continue;
    console.log(`\n## ${s.name}: figures`);
    for (const note of s.notes) console.log(`- ${note}`);
  }

  for (const s of sections) {
    const groups = s.failures();
    if (groups.length === 0) continue;
    console.log(`\n## ${s.name}: ${s.failed} failed check(s) in ${groups.length} group(s)`);
    for (const group of groups.slice(0, maxGroups)) {
      console.log(`- ${group.count > 1 ? `(${group.count}x) ` : ''}${group.example}`);
    }
    if (groups.length > maxGroups) console.log(`- ... and ${groups.length - maxGroups} more group(s)`);
  }
}
