import { describe, expect, it } from 'vitest';
import { formatNumber } from './number';

describe('formatNumber', () => {
  it('groups thousands with commas', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });
  it('rounds to at most the decimals asked for and drops trailing zeros', () => {
    expect(formatNumber(1250.25, 2)).toBe('1,250.25');
    expect(formatNumber(1250.5, 2)).toBe('1,250.5');
    expect(formatNumber(1250.004, 2)).toBe('1,250');
    expect(formatNumber(1220.6)).toBe('1,221');
  });
  it('writes negatives with a minus, and never "-0"', () => {
    expect(formatNumber(-2000)).toBe('-2,000');
    expect(formatNumber(-0.2)).toBe('0');
    expect(formatNumber(-0.0001, 2)).toBe('0');
  });
  it('agrees with Intl on a sweep of values (exact ties aside: those round as binary floats do)', () => {
    for (const decimals of [0, 1, 2, 3]) {
      const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals });
      for (let v = -123_456.789; v < 2_000_000; v += 9_876.5432) {
        const scaled = Math.abs(v) * 10 ** decimals;
        if (Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6) continue;
        const expected = intl.format(v);
        expect(formatNumber(v, decimals)).toBe(expected === '-0' ? '0' : expected);
      }
    }
  });
});
