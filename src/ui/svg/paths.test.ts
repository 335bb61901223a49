import { describe, expect, it } from 'vitest';
import { polylinePath, stepAfterPath } from './paths';

describe('polylinePath', () => {
  it('moves to the first point and draws lines to the rest', () => {
    expect(
      polylinePath([
        [1, 2],
        [3, 4],
        [5, 6.5],
      ]),
    ).toBe('M1,2L3,4L5,6.5');
  });
  it('is empty for no points', () => {
    expect(polylinePath([])).toBe('');
  });
});

describe('stepAfterPath', () => {
  it('holds each value until the next x, then jumps', () => {
    expect(
      stepAfterPath([
        [0, 10],
        [5, 20],
        [8, 15],
      ]),
    ).toBe('M0,10L5,10L5,20L8,20L8,15');
  });
  it('is a bare move for a single point', () => {
    expect(stepAfterPath([[3, 4]])).toBe('M3,4');
  });
});
