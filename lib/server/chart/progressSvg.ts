import 'server-only';
import { formatDate, type DateLanguage } from '@/lib/format/dates';
import type { ChartProgressPoint } from '@/lib/schemas/chart';

/**
 * The patient's weight over time as a small SVG line chart (issue #40 item 7), drawn on the server
 * from numbers only: no script, no style attribute (the CSP allows neither inline), colours from
 * presentation attributes and `currentColor`. It is an image to the accessibility tree
 * (role="img" with its title); the page puts the same figures in a table beside it.
 */
const WIDTH = 560;
const HEIGHT = 220;
const LEFT = 48;
const RIGHT = 16;
const TOP = 16;
const BOTTOM = 36;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const round = (value: number) => Math.round(value * 10) / 10;

/** Null with fewer than two weights: a single point is no trend, and the table says it. */
export function progressSvg(points: ChartProgressPoint[], labels: { title: string; unit: string }, language: DateLanguage): string | null {
  if (points.length < 2) return null;
  const times = points.map((point) => Date.parse(point.at));
  const weights = points.map((point) => point.weight_kg);
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  let [w0, w1] = [Math.min(...weights), Math.max(...weights)];
  const pad = Math.max(1, (w1 - w0) * 0.1);
  w0 = Math.floor(w0 - pad);
  w1 = Math.ceil(w1 + pad);
  const x = (t: number) => LEFT + (t1 === t0 ? 0.5 : (t - t0) / (t1 - t0)) * (WIDTH - LEFT - RIGHT);
  const y = (w: number) => TOP + (1 - (w - w0) / (w1 - w0)) * (HEIGHT - TOP - BOTTOM);

  const path = points.map((point, i) => `${i === 0 ? 'M' : 'L'}${round(x(times[i]!))} ${round(y(point.weight_kg))}`).join(' ');
  const dots = points.map((point, i) => `<circle cx="${round(x(times[i]!))}" cy="${round(y(point.weight_kg))}" r="3.5" fill="currentColor"/>`).join('');
  const ticks = [w0, (w0 + w1) / 2, w1]
    .map((w) => `<text x="${LEFT - 8}" y="${round(y(w) + 4)}" text-anchor="end" font-size="12" fill="currentColor">${round(w)}</text><line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${round(y(w))}" y2="${round(y(w))}" stroke="currentColor" stroke-opacity="0.2"/>`)
    .join('');
  const dates = [
    `<text x="${LEFT}" y="${HEIGHT - 12}" font-size="12" fill="currentColor">${escape(formatDate(t0, language, 'medium'))}</text>`,
    `<text x="${WIDTH - RIGHT}" y="${HEIGHT - 12}" text-anchor="end" font-size="12" fill="currentColor">${escape(formatDate(t1, language, 'medium'))}</text>`,
  ].join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%" role="img" aria-labelledby="chart-progress-title" focusable="false">`,
    `<title id="chart-progress-title">${escape(labels.title)}</title>`,
    `<text x="4" y="12" font-size="12" fill="currentColor">${escape(labels.unit)}</text>`,
    ticks,
    `<path d="${path}" fill="none" stroke="currentColor" stroke-width="2"/>`,
    dots,
    dates,
    '</svg>',
  ].join('');
}
