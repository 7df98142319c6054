// Run as a separate process by the lock test (node --import tsx --conditions react-server):
// opens the embedded database in the data directory given as argument, prints how many rows
// the `probe` table holds, and exits 0; on any error prints it and exits 1.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../../lib/server/db/client';

async function main(dataDir: string): Promise<void> {
  const handle = await openDatabase({ dataDir });
  try {
    const result = await handle.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM probe`);
    process.stdout.write(`${JSON.stringify({ rows: result.rows[0]?.n })}\n`);
  } finally {
    await handle.close();
  }
}

const dataDir = process.argv[2];
if (!dataDir) {
  process.stderr.write('usage: open-data-dir.ts <data dir>\n');
  process.exit(2);
}
main(dataDir).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
