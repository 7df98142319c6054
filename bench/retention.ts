// `npm run bench:retention`: what the retention job (issue #30) and a guest's export cost on a
// clinic with 30,000 visits and 60,000 e-mails sent, 6,000 people of them past their retention
// (3,000 guests, 3,000 closed accounts). Times:
// - a run with nothing due (the query that finds who is due, every scheduler tick);
// - a run that purges 50 people (PURGES_PER_RUN), three runs one after another;
// - collecting one guest's export (every row under the address), median of 20.
// BENCH_WITHOUT_ADDRESS_INDEXES=1 drops migration 0017's indexes first, to measure without them
// on the same machine. On PGlite by default, on PostgreSQL with BENCH_DATABASE_URL. Prints JSON
// and exits 0: a benchmark reports, the reader judges.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { resetConfigForTests } from '../lib/server/config';
import { collectExport } from '../lib/server/privacy/collect';
import { purgeExpiredRecords } from '../lib/server/privacy/retention';
import { openBenchDatabase } from './support/database';
import { seedRecordsClinic } from './support/recordsClinic';
import { summarize } from './support/stats';

const ADDRESS_INDEXES = ['appointments_guest_email_idx', 'waitlist_entries_guest_email_idx', 'mail_queue_recipient_idx', 'contact_messages_email_idx'];

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-bench-retention-'));
  process.env.DATA_DIR = dataDir; // the generated secrets (the audit key) live there
  resetConfigForTests();
  const handle = await openBenchDatabase();
  const db = handle.db;
  try {
    const withoutIndexes = process.env.BENCH_WITHOUT_ADDRESS_INDEXES === '1';
    if (withoutIndexes) for (const name of ADDRESS_INDEXES) await db.execute(sql.raw(`DROP INDEX ${name}`));
    const { visits, due, liveGuests, messages } = await seedRecordsClinic(db);

    const timed = async (work: () => Promise<unknown>) => {
      const start = performance.now();
      await work();
      return performance.now() - start;
    };
    // Nothing due in 2015: the finding query alone.
    const idle: number[] = [];
    for (let i = 0; i < 5; i++) idle.push(await timed(() => purgeExpiredRecords(db, new Date('2015-01-01T00:00:00Z'))));
    const guestExports: number[] = [];
    for (let i = 0; i < 20; i++) guestExports.push(await timed(() => collectExport(db, { kind: 'guest', email: liveGuests[i]! }, { locale: 'fr', now: new Date() })));
    const purgeRuns: number[] = [];
    let purged = 0;
    for (let i = 0; i < 3; i++) {
      const now = new Date();
      purgeRuns.push(
        await timed(async () => {
          purged += (await purgeExpiredRecords(db, now)).purged;
        }),
      );
    }
    const result = {
      database: handle.kind,
      address_indexes: !withoutIndexes,
      clinic: { visits, emails: visits * 2, contact_messages: messages, people_due: due },
      run_nothing_due: summarize(idle),
      guest_export_collect: summarize(guestExports),
      run_of_50_purges: { runs_ms: purgeRuns.map((ms) => Math.round(ms)), purged },
    };
    console.log(
      `Retention on ${handle.kind}, address indexes ${withoutIndexes ? 'dropped' : 'in place'}: a run purging 50 people ${result.run_of_50_purges.runs_ms.join(' / ')} ms; ` +
        `nothing due ${result.run_nothing_due.p50_ms} ms; a guest's export collected in ${result.guest_export_collect.p50_ms} ms (median)`,
    );
    console.log(JSON.stringify(result));
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
