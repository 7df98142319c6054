/**
 * The CPU slowdown that makes this host emulate Lighthouse's mid-tier phone, from the host's
 * BenchmarkIndex, by the calculator that Lighthouse's docs/throttling.md links (issue #37).
 * Lighthouse's default 4x assumes a host of about 1,500; on a faster host 4x emulates a faster
 * phone than the score means, on a slower one a slower phone, so a fixed 4x measures the host.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  const multiplier =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : benchmarkIndex >= 150
          ? 1 + (benchmarkIndex - 150) / 650
          : 1;
  return Math.round(multiplier * 10) / 10;
}
