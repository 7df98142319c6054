// What the integration suite does on the PostgreSQL server as its admin role (TEST_DATABASE_URL):
// create, copy and drop the test databases.
import { Client } from 'pg';

export async function withAdmin(url: string, work: (admin: Client) => Promise<unknown>): Promise<void> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Waits until nobody is connected to `name` (a pool's end() resolves before its sockets are
 * gone). A template cannot be copied while a connection is open on it, and forcing a drop
 * while sockets close makes the server kill them, which surfaces as an unhandled error.
 */
export async function waitUntilUnused(admin: Client, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    await waitUntilUnused(admin, name);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}
