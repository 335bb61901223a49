// Times on the axis and in the toolbar read as a person would write them, at any zoom.

import { describe, expect, it } from 'vitest';
import { formatMs } from './geometry';

describe('formatMs', () => {
  it('writes whole milliseconds when the window spans seconds', () => {
    expect(formatMs(1250, 2600)).toBe('1,250 ms');
    expect(formatMs(1220.423, 2600)).toBe('1,220 ms');
    expect(formatMs(-0.2, 2600)).toBe('0 ms');
  });

  it('keeps the decimals a narrow window needs to tell its ticks apart', () => {
    expect(formatMs(1250.5, 50)).toBe('1,250.5 ms');
    expect(formatMs(1250.25, 5)).toBe('1,250.25 ms');
  });

  it('switches to seconds for long runs', () => {
    expect(formatMs(12_500, 60_000)).toBe('12.5 s');
    expect(formatMs(480_000, 500_000)).toBe('480 s');
  });
});
