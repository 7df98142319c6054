// A throwaway PostgreSQL database for one run of a system script: created from the server URL
// the script was given, dropped at the end (also when the run failed).
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function onServer<T>(serverUrl: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates `<prefix>_<random>` on the server of `serverUrl` (whose role needs CREATEDB). */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  // The name is ours (letters, digits, underscore): safe to put in the statement as is.
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    // WITH (FORCE): a killed app instance may leave connections the server has not noticed yet.
    drop: () => onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** APP_SECRET and INTAKE_ENCRYPTION_KEY for a run on PostgreSQL; every instance must share them. */
export function generatedSecrets(): Record<string, string> {
  return { APP_SECRET: randomBytes(32).toString('base64url'), INTAKE_ENCRYPTION_KEY: randomBytes(32).toString('base64url') };
}
