/**
 * Runs `task` once the browser has nothing more urgent to do, and within `timeout` ms at the latest:
 * background work (page views, the build check) stays out of the page's hydration (issue #42).
 * Safari has no requestIdleCallback: there the task waits for the next macrotask.
 */
export function whenIdle(task: () => void, timeout = 2_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 0);
  return () => window.clearTimeout(id);
}
