import localFont from 'next/font/local';

/**
 * Inter (variable weight), self-hosted: the woff2 comes from @fontsource-variable/inter (SIL
 * Open Font License). The latin subset covers English and French (é, à, ç, œ, « », ’).
 * `display: 'optional'`: text paints at once in the fallback and Inter is used only if it is
 * there within the first ~100 ms (from the preload, or the cache on the next pages), so the font
 * never delays the largest paint; `adjustFontFallback` sizes the fallback to Inter's metrics.
 */
export const inter = localFont({
  src: [{ path: './inter-latin-wght-normal.woff2', weight: '100 900', style: 'normal' }],
  variable: '--font-inter',
  display: 'optional',
  fallback: ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'],
  adjustFontFallback: 'Arial',
});
