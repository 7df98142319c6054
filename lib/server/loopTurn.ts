import 'server-only';

/**
 * Resolves after the event loop has turned once (setImmediate). Used where a request would
 * otherwise run long stretches inside one turn: PGlite answers its queries as microtasks. Under
 * load each turn then ran every busy request's stretch back to back, and new connections waited,
 * because libuv accepts one connection per turn (libuv#3696). The load test (tests/system/load.ts)
 * saw a burst of 50 new connections wait over 10 s for their first answer; with these turns the
 * slowest waited 2-4 s. Kept before each PGlite query and each API handler: measured again for
 * issue 14 (50 connections on available-appointments/fetch), without them 84 requests/s and a
 * slowest answer of 2.4 s, with them 95 and 2.1 s. Pages no longer take one: they are prerendered.
 */
export function nextLoopTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
