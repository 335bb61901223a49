import { scaleLinear } from 'd3-scale';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linearScale, niceDomain } from './linearScale';

// d3-scale is a dev dependency only for this test: the oracle the lab's own scale must agree with.
const finite = fc.double({ min: -1e7, max: 1e7, noNaN: true, noDefaultInfinity: true });
const domain = fc.tuple(finite, finite).filter(([a, b]) => Math.abs(a - b) > 1e-6);

describe('linearScale', () => {
  it('maps the domain onto the range, linearly', () => {
    const s = linearScale([100, 300], [10, 50]);
    expect([s(100), s(200), s(300), s(400)]).toEqual([10, 30, 50, 70]);
    expect(s.domain).toEqual([100, 300]);
    expect(s.range).toEqual([10, 50]);
  });

  it('puts every value in the middle of the range when the domain is a single point', () => {
    const s = linearScale([5, 5], [0, 80]);
    expect([s(0), s(5), s(99)]).toEqual([40, 40, 40]);
  });

  it('ticks at round values inside the domain', () => {
    expect(linearScale([0, 1000], [0, 1]).ticks(5)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(linearScale([13, 97], [0, 1]).ticks(4)).toEqual([20, 40, 60, 80]);
  });

  it('agrees with d3-scale scaleLinear on positions and ticks', () => {
    fc.assert(
      fc.property(domain, fc.tuple(finite, finite), fc.integer({ min: 1, max: 30 }), finite, (d, r, count, v) => {
        const ours = linearScale(d, r);
        const d3 = scaleLinear().domain(d).range(r);
        expect(ours(v)).toBe(d3(v));
        expect(ours(d[0])).toBe(d3(d[0]));
        expect(ours.ticks(count)).toEqual(d3.ticks(count));
      }),
      { numRuns: 500 },
    );
  });

  it('widens a domain to round ends as scaleLinear.nice does', () => {
    expect(niceDomain([3, 34], 4)).toEqual([0, 40]);
    fc.assert(
      fc.property(
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: 1, max: 10 }),
        (a, b, count) => {
          const d: [number, number] = [a, b];
          expect(niceDomain(d, count)).toEqual(scaleLinear().domain(d).nice(count).domain());
        },
      ),
      { numRuns: 500 },
    );
  });
});
