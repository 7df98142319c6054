import 'server-only';

/** A query run on whatever connection holds the snapshot: PGlite's transaction or a pg client. */
export type RowQuery = (text: string) => Promise<Record<string, unknown>[]>;

export type TableStats = Record<string, { rows: number; checksum: string }>;

/**
 * Every table of the site (schemas public and drizzle, the migrations' journal included) with
 * its row count and a checksum of its rows: the md5 of each row's text, sorted, so the rows'
 * physical order does not count. Timestamps are written in UTC whatever the session's zone.
 * Run inside the snapshot the backup is taken from, and again on the database a backup was
 * restored into: equal stats, equal rows.
 */
export async function tableStats(query: RowQuery): Promise<TableStats> {
  await query(`SET LOCAL TimeZone = 'UTC'`);
  const tables = await query(
    `SELECT schemaname AS schema, tablename AS name FROM pg_tables WHERE schemaname IN ('public', 'drizzle') ORDER BY schemaname, tablename`,
  );
  const stats: TableStats = {};
  for (const table of tables) {
    const id = `"${String(table.schema)}"."${String(table.name)}"`;
    const [row] = await query(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(h, '' ORDER BY h), '')) AS checksum FROM (SELECT md5(t::text) AS h FROM ${id} t) s`,
    );
    stats[`${String(table.schema)}.${String(table.name)}`] = { rows: Number(row!.rows), checksum: String(row!.checksum) };
  }
  return stats;
}

/** The tables whose rows differ between two stats, by name (a table missing on one side counts). */
export function differingTables(expected: TableStats, actual: TableStats): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names].filter((name) => expected[name]?.rows !== actual[name]?.rows || expected[name]?.checksum !== actual[name]?.checksum).sort();
}
