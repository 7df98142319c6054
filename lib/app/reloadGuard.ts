/** SPEC §9: a reload is not repeated within this many ms, so a bad build cannot loop. */
export const RELOAD_GUARD_MS = 10_000;
const KEY = 'app:last-reload-at';

/** True (and the guard armed) when a reload may happen now. */
export function claimReload(storage: Pick<Storage, 'getItem' | 'setItem'>, now = Date.now()): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  return true;
}
