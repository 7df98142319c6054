import 'server-only';
import { subscribe } from '@/lib/server/events/announce';
import { waitlistListener } from '@/lib/server/waitlist/listener';

/**
 * Who listens to the domain events. The one place that knows both sides: the announcers
 * (booking, the clinic's schedule) import only events/announce.ts, and the listeners are named
 * here, where the job runner runs them on every tick too (scheduler.ts).
 */
export const listeners = { waitlist: waitlistListener } as const;

/** At start (instrumentation.ts; the integration tests' setup): what is announced after a commit runs at once. */
export function subscribeListeners(): void {
  for (const listener of Object.values(listeners)) subscribe(listener);
}
