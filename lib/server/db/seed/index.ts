import 'server-only';
import type { Database } from '../client';
import { DEMO_PATIENT } from './demoCredentials';
import { hashNewDemoPasswords, seedDemoPeople } from './demoPeople';
import { seedDemoGroupSessions } from './demoGroupSessions';
import { seedDemoVisits, type DemoVisitsOptions } from './demoVisits';
import { seedGroupTopics } from './groupTopics';
import { seedOffices } from './offices';
import { seedPlaces } from './places';
import { seedServices } from './services';
import { seedSkills } from './skills';

export { DEMO_DIETITIAN, DEMO_PATIENT } from './demoCredentials';

export interface SeedOptions {
  /** Also the demo clinic: its dietitians (with hours) and the two demo accounts. */
  demo: boolean;
  /**
   * With `demo`, also a few visits of the demo dietitian on the last weekdays before `now`
   * (demoVisits.ts), created once, with the demo patient. The server's start passes it; test
   * databases leave it out, so their appointments are only those the tests add.
   */
  demoVisits?: DemoVisitsOptions;
}

/**
 * Fills the clinic's reference data (provinces, countries, services, reasons for visit,
 * offices) and, with `demo`, the demo people. Safe to run at every start: reference rows are
 * upserted by slug or code (this seed is their source of truth), demo people are only
 * created when missing, so a second run changes nothing. All or nothing: one transaction.
 */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<void> {
  const passwordHashes = options.demo ? await hashNewDemoPasswords(db) : new Map<string, string>();
  await db.transaction(async (tx) => {
    await seedPlaces(tx);
    await seedSkills(tx);
    await seedServices(tx);
    await seedGroupTopics(tx);
    const officeIds = await seedOffices(tx);
    if (options.demo) await seedDemoPeople(tx, passwordHashes, officeIds);
    // A hash was made only for an account that did not exist: the demo patient is new in this run.
    if (options.demo && options.demoVisits && passwordHashes.has(DEMO_PATIENT.email)) await seedDemoVisits(tx, options.demoVisits);
    if (options.demo && options.demoVisits) await seedDemoGroupSessions(tx, options.demoVisits);
  });
}
