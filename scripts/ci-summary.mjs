// What a CI run cost (issue #37): each stage's minutes, and the five slowest test files of each
// suite. `.ci/run` and `npm test` (scripts/test-all.mjs) note each stage as it starts in
// `stages.tsv` ("<unix seconds><TAB><name>", the last line the end) in TEST_REPORT_DIR; with that variable set, Vitest and Playwright write their JSON
// reports there too (vitest.config.mts, vitest.integration.config.mts, playwright.config.ts).
//   node scripts/ci-summary.mjs <report dir>
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/ci-summary.mjs <report dir>');
  process.exit(2);
}
const read = (name) => {
  const file = path.join(dir, name);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
};
const minutes = (seconds) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  '));
}

const stages = (read('stages.tsv') ?? '')
  .trim()
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [start, name] = line.split('\t');
    return { start: Number(start), name };
  });
if (stages.length > 1) {
  console.log('\nCI stages (minutes:seconds)');
  const rows = [['stage', 'took', 'from']];
  for (let i = 0; i < stages.length - 1; i++) {
    rows.push([stages[i].name, minutes(stages[i + 1].start - stages[i].start), minutes(stages[i].start - stages[0].start)]);
  }
  rows.push(['total', minutes(stages.at(-1).start - stages[0].start), '']);
  table(rows);
}

/** Vitest's JSON report: one entry per test file, with its start and end. */
function vitestFiles(report) {
  return report.testResults.map((file) => ({ file: path.relative(process.cwd(), file.name), seconds: (file.endTime - file.startTime) / 1000, tests: file.assertionResults.length }));
}

/** Playwright's JSON report: suites per spec file; a file's time is the sum of its tests' runs. */
function playwrightFiles(report) {
  const files = new Map();
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const entry = files.get(file) ?? { file, seconds: 0, tests: 0 };
        entry.tests += 1;
        entry.seconds += test.results.reduce((sum, result) => sum + result.duration, 0) / 1000;
        files.set(file, entry);
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites) walk(suite, path.join('tests/e2e', suite.file));
  return [...files.values()];
}

const suites = [
  ['unit', 'unit.json', vitestFiles],
  ['integration, PGlite', 'integration-pglite.json', vitestFiles],
  ['integration, PostgreSQL', 'integration-postgresql.json', vitestFiles],
  ['end-to-end (summed over both workers)', 'e2e.json', playwrightFiles],
];
for (const [name, file, parse] of suites) {
  const text = read(file);
  if (!text) continue;
  const files = parse(JSON.parse(text)).toSorted((a, b) => b.seconds - a.seconds);
  const tests = files.reduce((sum, entry) => sum + entry.tests, 0);
  console.log(`\n${name}: ${tests} tests in ${files.length} files; the five slowest files (seconds)`);
  table([['file', 'tests', 'seconds'], ...files.slice(0, 5).map((entry) => [entry.file, entry.tests, entry.seconds.toFixed(1)])]);
}
