/** Any of these, anywhere on the page, means the visitor has started using it. */
const firstUse = ['focusin', 'pointerdown', 'keydown'] as const;

/**
 * Calls `start` once, on the visitor's first focus, touch or key anywhere on the page: the
 * moment to load what a form needs only once it is used (issue #42). Returns what stops waiting.
 */
export function onFirstUse(start: () => void): () => void {
  const stop = () => {
    for (const type of firstUse) document.removeEventListener(type, handle, true);
  };
  const handle = () => {
    stop();
    start();
  };
  for (const type of firstUse) document.addEventListener(type, handle, true);
  return stop;
}
