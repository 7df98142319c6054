import 'server-only';

/**
 * A background pass that never overlaps itself in this process: `run()` starts it, and a call
 * while it runs makes it go round once more after the current round, so whatever was committed
 * meanwhile is not left for the next scheduler tick. The e-mail queue's first try and the
 * listeners' passes after a commit (events/announce.ts) are such passes.
 */
export interface BackgroundPass {
  /** Starts a pass, or asks the running one for one more round; settles when that pass ends, never rejects. */
  run(): Promise<void>;
  /** Settles once no pass is running (tests and scripts: before the database goes away). */
  settled(): Promise<void>;
}

interface PassState {
  running: Promise<void> | null;
  again: boolean;
}

// On globalThis: Next loads instrumentation and each route in bundles of their own, and one pass
// must be one per process whichever bundle asks for it.
const globalForPasses = globalThis as typeof globalThis & { __clinicBackgroundPasses?: Map<string, PassState> };

/** The pass called `name` (one per name and process); errors are logged by `name` and the error's name only. */
export function backgroundPass(name: string, round: () => Promise<void>): BackgroundPass {
  const passes = (globalForPasses.__clinicBackgroundPasses ??= new Map());
  return {
    run() {
      let state = passes.get(name);
      if (!state) passes.set(name, (state = { running: null, again: false }));
      if (state.running) {
        state.again = true;
        return state.running;
      }
      const current = state;
      current.running = (async () => {
        do {
          current.again = false;
          try {
            await round();
          } catch (error) {
            // The name only: a message could echo an address or a query's values.
            console.error(`[${name}] background pass failed: ${error instanceof Error ? error.name : 'error'}`);
          }
        } while (current.again);
      })().finally(() => {
        current.running = null;
      });
      return current.running;
    },
    settled() {
      return passes.get(name)?.running ?? Promise.resolve();
    },
  };
}
