import { create } from 'zustand';

/** SPEC §9 screen breakpoints, in px. */
export const breakpoints = { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;
/** Width assumed before the first measurement. */
export const DEFAULT_WIDTH = 1200;
/** Resize and orientation changes are debounced by this many ms. */
export const RESIZE_DEBOUNCE_MS = 100;

export interface UiState {
  /** Last measured viewport width in px (DEFAULT_WIDTH until measured). */
  width: number;
  /** True once the first real width reading has arrived. */
  initialized: boolean;
  setWidth: (width: number) => void;
}

// Only ever written in the browser (from a resize listener), so one module store is safe.
export const useUiStore = create<UiState>()((set) => ({
  width: DEFAULT_WIDTH,
  initialized: false,
  setWidth: (width) => set({ width, initialized: true }),
}));

export const selectIsMobile = (s: UiState) => s.width < breakpoints.md;
export const selectIsTablet = (s: UiState) => s.width >= breakpoints.md && s.width < breakpoints.lg;
export const selectIsSmallScreen = (s: UiState) => s.width < breakpoints.lg;
export const selectIsDesktop = (s: UiState) => !s.initialized || s.width >= breakpoints.lg;
export const selectIsLargeDesktop = (s: UiState) => s.width >= breakpoints.xl;
export const selectIsUltraWide = (s: UiState) => s.width >= breakpoints.xxl;

export type LayoutClass = 'layout--mobile' | 'layout--tablet' | 'layout--desktop';

/** The layout class follows the screen width (SPEC §2). */
export const selectLayoutClass = (s: UiState): LayoutClass =>
  selectIsDesktop(s) ? 'layout--desktop' : selectIsMobile(s) ? 'layout--mobile' : 'layout--tablet';

/**
 * Starts measuring the window: one reading now (which marks the store initialized),
 * then one per burst of resize/orientation events, debounced. Returns the cleanup.
 */
export function trackScreenWidth(win: Window, setWidth: (width: number) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const measure = () => setWidth(win.innerWidth);
  const onChange = () => {
    clearTimeout(timer);
    timer = setTimeout(measure, RESIZE_DEBOUNCE_MS);
  };
  measure();
  win.addEventListener('resize', onChange);
  win.addEventListener('orientationchange', onChange);
  return () => {
    clearTimeout(timer);
    win.removeEventListener('resize', onChange);
    win.removeEventListener('orientationchange', onChange);
  };
}
