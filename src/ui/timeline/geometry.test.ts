// Times on the axis and in the toolbar read as a person would write them, at any zoom.

import { describe, expect, it } from 'vitest';
import {
  GUTTER_LEFT_PX,
  GUTTER_RIGHT_PX,
  MAXSEEN_VALUE_PX,
  formatMs,
  isNarrow,
  maxSeenValuePx,
  narrowGutterPx,
  plotArea,
  titleLines,
} from './geometry';

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

  it('sizes the narrow gutter to the longest lane name, so a name never runs under the plot', () => {
    const short = plotArea({ width: 340, height: 400 }, 4, ['Client1', 'Storage']);
    const long = plotArea({ width: 340, height: 400 }, 4, ['Lock service', 'Client1']);
    expect(long.left).toBeGreaterThan(short.left);
    expect(long.left).toBeGreaterThanOrEqual(8 + 'Lock service'.length * 8 + 14);
    expect(isNarrow(long)).toBe(true);
  });

  it('wraps a name that does not fit at a space, and keeps a compact lane on one line', () => {
    expect(titleLines('Client1', 100)).toEqual(['Client1']);
    expect(titleLines('ZooKeeper ensemble', 120)).toEqual(['ZooKeeper', 'ensemble']);
    expect(titleLines('Redis master 1', 100)).toEqual(['Redis', 'master 1']);
    const wrapped = narrowGutterPx(340, ['ZooKeeper ensemble']);
    const whole = narrowGutterPx(340, ['Redis master 1'], [true]);
    expect(wrapped).toBeLessThan(8 + 18 * 8 + 14);
    expect(whole).toBe(8 + 14 * 8 + 14);
  });
});

describe('maxSeenValuePx', () => {
  it("keeps a counter's token at full size and shrinks a random one to fit the readout's box", () => {
    expect(maxSeenValuePx('34')).toBe(MAXSEEN_VALUE_PX);
    expect(maxSeenValuePx('(33,3)')).toBeLessThan(MAXSEEN_VALUE_PX);
    // At 0.62 em a character, 8 of them fit the 82 px the box gives its value.
    expect(maxSeenValuePx('c65ba249') * 0.62 * 8).toBeLessThanOrEqual(82);
    expect(maxSeenValuePx('x'.repeat(40))).toBe(11);
  });
});
