// Next runs register() once per server start, before it serves a request: the place to make
// the database ready. The embedded one is created, migrated and seeded here with no command.
export async function register(): Promise<void> {
  // Exactly this test on process.env.NEXT_RUNTIME lets the bundler drop the imports below from
  // the Edge build (an early return would not).
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Never during `next build` (its workers may call register too): PGlite allows one process
    // per directory, and no page may depend on a database at build time.
    if (process.env.NEXT_PHASE === 'phase-production-build') return;

    const { getConfig } = await import('./lib/server/config');
    const { getSecret } = await import('./lib/server/secrets');
    const { getDatabaseHandle } = await import('./lib/server/db/client');
    const { migrateDatabase } = await import('./lib/server/db/migrate');
    const { seedDatabase } = await import('./lib/server/db/seed');

    try {
      // A production build serves its prerendered pages under a policy made from their script
      // hashes (npm run build writes them): without them every such page would be blocked.
      const { checkPrerenderManifest } = await import('./lib/http/staticPageHashes');
      if (process.env.NODE_ENV === 'production') checkPrerenderManifest(process.env.SITE_URL);
      const config = getConfig(); // a bad variable stops the start here, with its name
      const { retentionMismatch, retentionPeriodsOf } = await import('./lib/content/retentionPeriods');
      const stale = retentionMismatch(process.env.BUILD_RETENTION, retentionPeriodsOf(process.env));
      if (stale) console.warn(stale);
      // Backups off, or on the data's own disk: said at each start (issue #39).
      for (const warning of (await import('./lib/server/backup/overview')).backupStartupWarnings(config)) console.warn(warning);
      // So does a missing APP_SECRET / INTAKE_ENCRYPTION_KEY with DATABASE_URL; for the embedded
      // database this generates them on the first start.
      getSecret('app-secret', config);
      getSecret('intake-key', config);

      const { db, kind } = await getDatabaseHandle();
      await migrateDatabase(db, kind, {
        then: () => seedDatabase(db, { demo: config.seedDemo, demoVisits: { now: new Date(), timeZone: config.clinicTimezone } }),
      });
      // The embedded database has one process, this one: an e-mail claimed by a process that
      // died (kill -9, a crash) is free to send at once rather than when its claim runs out.
      if (kind === 'pglite') await (await import('./lib/server/email/queue')).releaseClaims(db);
    } catch (error) {
      // Next would keep the process alive without ever serving: stop, so a supervisor restarts it.
      console.error('[startup] the server cannot start:', error instanceof Error ? error.message : error);
      process.exit(1);
    }

    // What booking announces after a commit (a freed time) reaches its listeners (the waitlist).
    (await import('./lib/server/jobs/listeners')).subscribeListeners();
    // Reminders and other background jobs, on a ready database (JOBS_INTERVAL_SECONDS=0: off).
    const { startJobScheduler } = await import('./lib/server/jobs/scheduler');
    startJobScheduler();
  }
}
