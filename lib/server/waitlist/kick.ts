import 'server-only';
import { getDb } from '@/lib/server/db/client';
import { kickMailQueue } from '@/lib/server/email/queue';

// One background pass at a time per process; a call during a pass asks for one more after it.
type KickState = { running: Promise<void> | null; again: boolean };
const globalForWaitlist = globalThis as typeof globalThis & { __clinicWaitlistKick?: KickState };

/**
 * Right after a change that freed time (after its commit): a waitlist pass in the background
 * (offers.ts), then a first try of the e-mails it queued. The answer never waits on it; the job
 * runner catches anything it misses. Callers do not wait for it (`void kickWaitlist()`); the
 * promise settles when the pass it started or joined has ended, and never rejects.
 */
export function kickWaitlist(): Promise<void> {
  const state = (globalForWaitlist.__clinicWaitlistKick ??= { running: null, again: false });
  if (state.running) {
    state.again = true;
    return state.running;
  }
  state.running = (async () => {
    try {
      // Loaded here: offers.ts builds on the booking modules that call this one.
      const { offerFreedSlots } = await import('./offers');
      do {
        state.again = false;
        const { offered } = await offerFreedSlots(await getDb());
        if (offered > 0) await kickMailQueue();
      } while (state.again);
    } catch (error) {
      console.error(`[waitlist] offer pass failed: ${error instanceof Error ? error.name : 'error'}`);
    } finally {
      state.running = null;
    }
  })();
  return state.running;
}

/** Resolves once no background pass is running (tests: before the database goes away). */
export function waitlistSettled(): Promise<void> {
  return globalForWaitlist.__clinicWaitlistKick?.running ?? Promise.resolve();
}
