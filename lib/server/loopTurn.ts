import 'server-only';

/**
 * Resolves after the event loop has turned once (setImmediate). Used where a request would
 * otherwise run long stretches inside one turn: PGlite answers its queries as microtasks, and a
 * page's routing and render chain on without I/O. Under load each turn then ran every busy
 * request's stretch back to back, and new connections waited, because libuv accepts one
 * connection per turn (libuv#3696). The load test (tests/system/load.ts) saw a burst of 50 new
 * connections wait over 10 s for their first answer; with these turns the slowest waited 2-4 s.
 */
export function nextLoopTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
