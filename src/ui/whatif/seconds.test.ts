import { describe, expect, it } from 'vitest';
import { msFromSeconds, secondsOf, secondsProblem } from './seconds';

describe('seconds typed in the what-if form', () => {
  it.each([
    ['30', 30_000],
    [' 0.5 ', 500],
    ['2,5', 2500],
    ['.25', 250],
    ['11.', 11_000],
    ['-1', -1000],
    ['0.0004', 0],
    ['-0.0001', 0],
  ])('%j is %d ms', (text, ms) => {
    expect(msFromSeconds(text)).toBe(ms);
    expect(secondsProblem(text)).toBeNull();
  });

  it.each(['', '  ', 'abc', '1e3', '30s', '1.2.3', '--1', 'Infinity'])('%j is not a number of seconds', (text) => {
    expect(msFromSeconds(text)).toBeNull();
    expect(secondsProblem(text)).toMatch(/^Enter a number of seconds/);
  });

  it('shows milliseconds back as seconds', () => {
    expect([30_000, 1500, 250, 0].map(secondsOf)).toEqual(['30', '1.5', '0.25', '0']);
  });
});
