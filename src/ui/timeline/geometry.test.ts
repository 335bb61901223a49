// Times on the axis and in the toolbar read as a person would write them, at any zoom.

import { describe, expect, it } from 'vitest';
import { GUTTER_LEFT_PX, GUTTER_RIGHT_PX, formatMs, isNarrow, plotArea } from './geometry';

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

describe('plotArea', () => {
  it('keeps the full gutters on a desktop, with room for the max_seen readout', () => {
    const plot = plotArea({ width: 900, height: 400 }, 4);
    expect([plot.left, plot.right]).toEqual([GUTTER_LEFT_PX, 900 - GUTTER_RIGHT_PX]);
    expect(isNarrow(plot)).toBe(false); // room for the max_seen readout
  });

  it('narrows the gutters on a phone so the plot keeps most of the width', () => {
    const plot = plotArea({ width: 340, height: 400 }, 4);
    expect(plot.right - plot.left).toBeGreaterThan(200); // the full gutters would leave 56 px
    expect(isNarrow(plot)).toBe(true); // no room for the max_seen readout
  });
});
