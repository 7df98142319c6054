// `npm run bench:receipts`: how long the server takes to generate a receipt's PDF (issue #20:
// p95 <= 100 ms), in each language, and a tax year's bundle of 12 receipts; the first (cold)
// generation is reported apart, since it reads and parses the font files. Prints JSON and exits
// 0 whether the goal is met or not: a benchmark reports, the reader judges.
import { renderReceiptsPdf } from '../lib/server/receipts/pdf';
import { sampleReceipt } from './support/receiptSample';
import { measure, summarize } from './support/stats';

/** Calls measured per language; CI's short run (.ci/run) sets BENCH_CALLS lower. */
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const GOAL_P95_MS = 100;

async function main() {
  const fr = sampleReceipt();
  const en = sampleReceipt({ language: 'en' });
  const coldStart = performance.now();
  const first = await renderReceiptsPdf([fr]);
  const coldMs = Math.round((performance.now() - coldStart) * 100) / 100;

  const frSamples = await measure(async () => void (await renderReceiptsPdf([fr])), CALLS);
  const enSamples = await measure(async () => void (await renderReceiptsPdf([en])), CALLS);
  const year = Array.from({ length: 12 }, (_, i) => sampleReceipt({ number: `R-2026-${String(100 + i).padStart(6, '0')}` }));
  const yearSamples = await measure(async () => void (await renderReceiptsPdf(year)), Math.ceil(CALLS / 4), 3);
  const yearBytes = (await renderReceiptsPdf(year)).byteLength;

  const one = summarize([...frSamples, ...enSamples]);
  const result = {
    goal: { p95_ms: GOAL_P95_MS },
    met: one.p95_ms <= GOAL_P95_MS,
    cold_first_ms: coldMs,
    one_receipt: { calls: frSamples.length + enSamples.length, ...one, bytes: first.byteLength },
    french: summarize(frSamples),
    english: summarize(enSamples),
    year_bundle_12: { calls: yearSamples.length, ...summarize(yearSamples), bytes: yearBytes },
  };
  console.log('Receipt PDF generation (pdf-lib, Noto Sans embedded and subset), ms');
  console.table({
    'one receipt (fr + en)': one,
    'one receipt, French': result.french,
    'one receipt, English': result.english,
    'a year of 12 receipts': result.year_bundle_12,
  });
  console.log(`first (cold) generation: ${coldMs} ms; one receipt: ${first.byteLength} bytes; p95 ${one.p95_ms} ms against a goal of ${GOAL_P95_MS} ms: ${result.met ? 'met' : 'NOT met'}`);
  console.log(JSON.stringify(result));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
