import 'server-only';
import { getDb, type Database } from '@/lib/server/db/client';
import { kickMailQueue } from '@/lib/server/email/queue';
import { backgroundPass, type BackgroundPass } from '@/lib/server/jobs/backgroundPass';

/**
 * Domain events: how booking (and the clinic's schedule) lets others react without knowing them.
 * The announcer records its fact in its own transaction (freedTime.ts), commits, then calls
 * `announce(event)`; every listener subscribed to the event runs a pass in the background (the
 * answer never waits on it), then the e-mails it queued get a first try. The job runner runs the
 * same listeners on every tick (jobs/listeners.ts), so an announcement lost with its process
 * costs at most a job interval, never the fact.
 *
 * Listeners subscribe at start (instrumentation.ts, jobs/listeners.ts); the announcer imports
 * this module only, never a listener.
 */
export type DomainEvent = 'time-freed';

export interface Listener<Counts = unknown> {
  /** Names the listener's background pass and its log lines. */
  name: string;
  event: DomainEvent;
  /** One pass over the recorded facts; safe to run from several processes at once. */
  run(db: Database, now: Date): Promise<Counts>;
}

// On globalThis: listeners subscribe from instrumentation's bundle, and the routes that announce
// are bundles of their own in the same process.
const globalForEvents = globalThis as typeof globalThis & { __clinicListeners?: Map<string, { listener: Listener; pass: BackgroundPass }> };
const subscribed = () => (globalForEvents.__clinicListeners ??= new Map());

/** Subscribes a listener (again: replaces it, so a dev reload does not run it twice). */
export function subscribe(listener: Listener): void {
  const pass = backgroundPass(listener.name, async () => {
    await listener.run(await getDb(), new Date());
    await kickMailQueue();
  });
  subscribed().set(listener.name, { listener, pass });
}

/** After commit: the event's listeners look at what was recorded, in the background. */
export function announce(event: DomainEvent): void {
  for (const { listener, pass } of subscribed().values()) {
    if (listener.event === event) void pass.run();
  }
}

/** Settles once no listener's pass is running (tests: before the database goes away). */
export async function listenersSettled(): Promise<void> {
  await Promise.all([...subscribed().values()].map(({ pass }) => pass.settled()));
}
