// A linear map from numbers to pixels, with D3's rules for round ticks and nice domains (d3-array).
// It is the part of d3-scale's scaleLinear the timeline and the chart use: scaleLinear itself always
// bundles D3's colour and string interpolators and its number formatter, about 8 kB gzipped that
// the lab never calls. linearScale.test.ts checks it against scaleLinear on random inputs.
// Invariant: pure; a degenerate domain maps every value to the middle of the range, as D3 does.
// (A NaN domain or input, which the lab never passes, is where the two differ.)

import { tickIncrement, ticks } from 'd3-array';

export interface LinearScale {
  (value: number): number;
  readonly domain: readonly [number, number];
  readonly range: readonly [number, number];
  /** About `count` round values inside the domain (D3's 1, 2, 5 steps). */
  ticks(count: number): number[];
}

export function linearScale(domain: readonly [number, number], range: readonly [number, number]): LinearScale {
  // D3's arithmetic (normalize, then interpolateNumber, a descending domain turned round first), so
  // positions agree with scaleLinear to the bit.
  const flip = domain[1] < domain[0];
  const [a, b] = flip ? [domain[1], domain[0]] : domain;
  const [r0, r1] = flip ? [range[1], range[0]] : range;
  const at = (t: number) => r0 * (1 - t) + r1 * t;
  const span = b - a;
  const map = span ? (v: number) => at((v - a) / span) : () => at(0.5);
  return Object.assign(map, {
    domain: [domain[0], domain[1]] as const,
    range: [range[0], range[1]] as const,
    ticks: (count: number) => ticks(domain[0], domain[1], count),
  });
}

/**
 * The domain widened to round values at D3's tick step for about `count` ticks, as scaleLinear's
 * nice(count) does: up to ten rounds until the step settles, else the domain as given. (d3-array's
 * own nice() has no such bound and runs off to ±1e308 for a count of 1.)
 */
export function niceDomain(domain: readonly [number, number], count: number): [number, number] {
  const reversed = domain[1] < domain[0];
  let [start, stop] = reversed ? [domain[1], domain[0]] : [domain[0], domain[1]];
  let previous: number | undefined;
  for (let round = 0; round < 10; round++) {
    const step = tickIncrement(start, stop, count);
    if (step === previous) return reversed ? [stop, start] : [start, stop];
    if (step > 0) {
      start = Math.floor(start / step) * step;
      stop = Math.ceil(stop / step) * step;
    } else if (step < 0) {
      start = Math.ceil(start * step) / step;
      stop = Math.floor(stop * step) / step;
    } else break;
    previous = step;
  }
  return [domain[0], domain[1]];
}
