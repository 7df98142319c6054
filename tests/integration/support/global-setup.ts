// Vitest's globalSetup for the integration suite (issue #37): migrates and seeds each database
// state once for the whole run, and the test files start from a copy of it:
//   PGlite: a dump of each state's data directory (uncompressed), loaded with loadDataDir;
//   PostgreSQL: a template database per state, copied with CREATE DATABASE ... TEMPLATE.
// Before, every test file ran initdb, the migrations and the seed (argon2 included) itself.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteDatabase, pgliteOptions, type Database, type DatabaseKind } from '@/lib/server/db/client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { seedDatabase } from '@/lib/server/db/seed';
import type { PreparedState } from './db';
import { dropDatabase, waitUntilUnused, withAdmin } from './postgresAdmin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the dump file of each prepared state. PostgreSQL: its template database's name. */
    integrationDatabases: Record<PreparedState, string>;
  }
}

/** Each state builds on the one before it: 'reference' and 'demo' seed a copy of 'migrated'. */
const states: PreparedState[] = ['migrated', 'reference', 'demo'];

async function prepare(state: PreparedState, db: Database, kind: DatabaseKind): Promise<void> {
  if (state === 'migrated') await migrateDatabase(db, kind);
  else await seedDatabase(db, { demo: state === 'demo' });
}

async function pgliteDumps() {
  const dir = mkdtempSync(path.join(tmpdir(), 'clinic-integration-'));
  const files = {} as Record<PreparedState, string>;
  for (const state of states) {
    const loadDataDir = state === 'migrated' ? undefined : new Blob([await readFile(files.migrated)]);
    const client = await PGlite.create({ ...pgliteOptions, loadDataDir });
    try {
      await prepare(state, pgliteDatabase(client), 'pglite');
      files[state] = path.join(dir, `${state}.tar`);
      writeFileSync(files[state], Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    } finally {
      await client.close();
    }
  }
  return { files, teardown: () => rmSync(dir, { recursive: true, force: true }) };
}

async function postgresTemplates(adminUrl: string) {
  const run = randomBytes(4).toString('hex');
  const names = {} as Record<PreparedState, string>;
  const teardown = async () => {
    for (const name of Object.values(names)) await dropDatabase(adminUrl, name);
  };
  try {
    for (const state of states) {
      const name = `tpl_${run}_${state}`;
      const template = state === 'migrated' ? '' : ` TEMPLATE ${names.migrated}`;
      await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}${template}`));
      names[state] = name;
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const handle = await openDatabase({ url: url.toString() });
      try {
        await prepare(state, handle.db, 'postgres');
      } finally {
        await handle.close();
      }
      await withAdmin(adminUrl, (admin) => waitUntilUnused(admin, name));
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  return { names, teardown };
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const { names, teardown } = await postgresTemplates(adminUrl);
    project.provide('integrationDatabases', names);
    return teardown;
  }
  const { files, teardown } = await pgliteDumps();
  project.provide('integrationDatabases', files);
  return teardown;
}
