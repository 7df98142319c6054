import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from '../system/support/cpuThrottling';

// The Lighthouse gate's calibration (issue #37): the calculator linked from Lighthouse's
// docs/throttling.md, so that the score means the same mid-tier phone on any host.
describe('cpuSlowdownFor', () => {
  it.each([
    [2883, 9.8], // this machine, 2026-11-28
    [2262, 7.1], // the fast host of issue #37 measured 1,976-2,262
    [1976, 5.9],
    [1300, 3],
    [1299, 3], // 2 + 499 / 500, the band below meets the band above
    [1000, 2.4],
    [800, 2],
    [475, 1.5],
    [150, 1],
    [100, 1], // never faster than the host itself
  ])('gives %d a slowdown of %dx', (benchmarkIndex, multiplier) => {
    expect(cpuSlowdownFor(benchmarkIndex)).toBe(multiplier);
  });
});
