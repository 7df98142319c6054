import { create } from 'zustand';

export interface GeneralState {
  /** The server answered a build id different from the one this page was built with. */
  buildOutdated: boolean;
  /** A JavaScript chunk failed to load (usually: a deploy removed it). */
  chunkLoadFailed: boolean;
  markBuildOutdated: () => void;
  markChunkLoadFailed: () => void;
}

// App-wide flags written only in the browser.
export const useGeneralStore = create<GeneralState>()((set) => ({
  buildOutdated: false,
  chunkLoadFailed: false,
  markBuildOutdated: () => set({ buildOutdated: true }),
  markChunkLoadFailed: () => set({ chunkLoadFailed: true }),
}));

export const selectNeedsReload = (s: GeneralState) => s.buildOutdated || s.chunkLoadFailed;
