import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * A list fetched from the API and kept for a while per key (the language, and for services who
 * asks). Loading the same key twice at once shares one request; a failure is kept as an error
 * for that key until the next load, so the interface can offer to try again.
 */
export interface CachedListState<T> {
  /** The key the list below belongs to (e.g. 'fr:guest'). */
  key: string | null;
  items: T[] | null;
  loadedAt: number;
  loading: boolean;
  failed: boolean;
  /** Loads unless the list for `key` is younger than the time to live. */
  load: (key: string, now?: number) => Promise<T[] | null>;
  clear: () => void;
}

export type CachedListStore<T> = StoreApi<CachedListState<T>>;

export function createCachedListStore<T>(fetchList: (key: string) => Promise<T[]>, ttlMs: number): CachedListStore<T> {
  let inFlight: { key: string; promise: Promise<T[] | null> } | null = null;
  return createStore<CachedListState<T>>()((set, get) => ({
    key: null,
    items: null,
    loadedAt: 0,
    loading: false,
    failed: false,
    load(key, now = Date.now()) {
      const state = get();
      if (state.key === key && state.items && now - state.loadedAt < ttlMs) return Promise.resolve(state.items);
      if (inFlight?.key === key) return inFlight.promise;
      set({ loading: true, failed: false, ...(state.key === key ? {} : { key, items: null }) });
      const promise = fetchList(key).then(
        (items) => {
          if (inFlight?.promise === promise) inFlight = null;
          if (get().key === key) set({ items, loadedAt: now, loading: false });
          return items;
        },
        () => {
          if (inFlight?.promise === promise) inFlight = null;
          if (get().key === key) set({ loading: false, failed: true });
          return null;
        },
      );
      inFlight = { key, promise };
      return promise;
    },
    clear: () => {
      inFlight = null;
      set({ key: null, items: null, loadedAt: 0, loading: false, failed: false });
    },
  }));
}
