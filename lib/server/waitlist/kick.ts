import 'server-only';
import { getDb } from '@/lib/server/db/client';
import { kickMailQueue } from '@/lib/server/email/queue';

// One background pass at a time per process; a call during a pass asks for one more after it.
const globalForWaitlist = globalThis as typeof globalThis & { __clinicWaitlistKick?: { running: boolean; again: boolean } };

/**
 * Right after a change that freed time (after its commit): a waitlist pass in the background
 * (offers.ts), then a first try of the e-mails it queued. The answer never waits on it; the job
 * runner catches anything it misses.
 */
export function kickWaitlist(): void {
  const state = (globalForWaitlist.__clinicWaitlistKick ??= { running: false, again: false });
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  void (async () => {
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
      state.running = false;
    }
  })();
}
