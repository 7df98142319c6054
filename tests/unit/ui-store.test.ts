// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_WIDTH,
  selectIsDesktop,
  selectIsLargeDesktop,
  selectIsMobile,
  selectIsSmallScreen,
  selectIsTablet,
  selectIsUltraWide,
  selectLayoutClass,
  trackScreenWidth,
  useUiStore,
  type UiState,
} from '@/stores/ui';

const at = (width: number, initialized = true): UiState => ({ width, initialized, setWidth: () => {} });

describe('ui store breakpoints', () => {
  it.each([
    [320, { mobile: true, tablet: false, small: true, desktop: false, large: false, ultra: false }],
    [767, { mobile: true, tablet: false, small: true, desktop: false, large: false, ultra: false }],
    [768, { mobile: false, tablet: true, small: true, desktop: false, large: false, ultra: false }],
    [991, { mobile: false, tablet: true, small: true, desktop: false, large: false, ultra: false }],
    [992, { mobile: false, tablet: false, small: false, desktop: true, large: false, ultra: false }],
    [1199, { mobile: false, tablet: false, small: false, desktop: true, large: false, ultra: false }],
    [1200, { mobile: false, tablet: false, small: false, desktop: true, large: true, ultra: false }],
    [1399, { mobile: false, tablet: false, small: false, desktop: true, large: true, ultra: false }],
    [1400, { mobile: false, tablet: false, small: false, desktop: true, large: true, ultra: true }],
  ])('classifies %i px', (width, expected) => {
    const s = at(width);
    expect({
      mobile: selectIsMobile(s),
      tablet: selectIsTablet(s),
      small: selectIsSmallScreen(s),
      desktop: selectIsDesktop(s),
      large: selectIsLargeDesktop(s),
      ultra: selectIsUltraWide(s),
    }).toEqual(expected);
  });

  it('counts as desktop before the first reading, whatever the width', () => {
    expect(selectIsDesktop(at(400, false))).toBe(true);
    expect(selectLayoutClass(at(400, false))).toBe('layout--desktop');
    expect(selectLayoutClass(at(400))).toBe('layout--mobile');
    expect(selectLayoutClass(at(800))).toBe('layout--tablet');
  });
});

describe('ui store initialization and resize tracking', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useUiStore.setState({ width: DEFAULT_WIDTH, initialized: false });
  });
  afterEach(() => vi.useRealTimers());

  it('starts at 1200 px, uninitialized, and initializes on the first reading', () => {
    expect(useUiStore.getState()).toMatchObject({ width: 1200, initialized: false });
    window.innerWidth = 500;
    const stop = trackScreenWidth(window, useUiStore.getState().setWidth);
    expect(useUiStore.getState()).toMatchObject({ width: 500, initialized: true });
    stop();
  });

  it('debounces resize and orientation changes by 100 ms', () => {
    window.innerWidth = 1000;
    const setWidth = vi.fn();
    const stop = trackScreenWidth(window, setWidth);
    expect(setWidth).toHaveBeenCalledTimes(1);
    window.innerWidth = 700;
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(60);
    window.innerWidth = 650;
    window.dispatchEvent(new Event('orientationchange'));
    vi.advanceTimersByTime(99);
    expect(setWidth).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(setWidth).toHaveBeenCalledTimes(2);
    expect(setWidth).toHaveBeenLastCalledWith(650);
    stop();
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(200);
    expect(setWidth).toHaveBeenCalledTimes(2);
  });
});
