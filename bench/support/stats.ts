/** Latency figures in milliseconds, rounded to 0.01 ms. */
export interface Latency {
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  mean_ms: number;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** Nearest-rank percentiles: the reported figure is a latency some call actually had. */
export function summarize(samples: number[]): Latency {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const mean = sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length;
  return { p50_ms: round(at(50)), p95_ms: round(at(95)), p99_ms: round(at(99)), mean_ms: round(mean) };
}

/**
 * Runs `work` `warmup` times unmeasured (JIT, statement plans, connection pool), then `calls`
 * times one after another, and returns each measured call's duration. `before`, when given, runs
 * unmeasured before each call.
 */
export async function measure(work: () => Promise<void>, calls: number, warmup = 10, before?: (call: number) => Promise<void>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) {
    await before?.(i);
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return samples;
}
