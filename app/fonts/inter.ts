import localFont from 'next/font/local';

/**
 * Inter (variable weight), self-hosted: the woff2 comes from @fontsource-variable/inter (SIL
 * Open Font License). The latin subset covers English and French (é, à, ç, œ, « », ’).
 * `adjustFontFallback` sizes the system fallback to Inter's metrics, so the swap does not shift
 * the layout.
 */
export const inter = localFont({
  src: [{ path: './inter-latin-wght-normal.woff2', weight: '100 900', style: 'normal' }],
  variable: '--font-inter',
  display: 'swap',
  fallback: ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'],
  adjustFontFallback: 'Arial',
});
