// `npm test`: every suite, in order, stopping at the first that fails: unit, integration on the
// embedded database, the production build, end-to-end in Chromium, the security fuzzer and the
// JavaScript budget (the last three run the build made here). Prints what each step took.
// With TEST_REPORT_DIR set (CI), each step is also noted in its stages.tsv for the run's
// closing table (scripts/ci-summary.mjs).
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';

const steps = [
  ['unit', ['run', 'test:unit']],
  ['integration, PGlite', ['run', 'test:integration']],
  ['build', ['run', 'build']],
  ['end-to-end', ['exec', '--', 'playwright', 'test']],
  ['security', ['run', 'test:security']],
  ['JavaScript budget', ['run', 'test:js-budget']],
];

const took = [];
for (const [name, args] of steps) {
  const started = Date.now();
  if (process.env.TEST_REPORT_DIR) appendFileSync(path.join(process.env.TEST_REPORT_DIR, 'stages.tsv'), `${Math.round(started / 1000)}\t${name}\n`);
  const { status, signal } = spawnSync('npm', args, { stdio: 'inherit' });
  took.push([name, (Date.now() - started) / 1000]);
  if (status !== 0) {
    console.error(`\nnpm test: ${name} failed (${signal ?? `exit ${status}`})`);
    process.exit(status || 1);
  }
}
console.log(`\nnpm test: ${took.map(([name, seconds]) => `${name} ${seconds.toFixed(0)} s`).join(', ')}`);
