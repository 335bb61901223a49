import { describe, expect, it } from 'vitest';
import { CARD_GAP_PX, CARD_MIN_PX, cardColumns } from './columns';

const widthFor = (columns: number) => columns * CARD_MIN_PX + (columns - 1) * CARD_GAP_PX;

describe('cardColumns', () => {
  it('puts every card on one row when they all fit', () => {
    expect(cardColumns(4, widthFor(4))).toBe(4);
    expect(cardColumns(4, 2000)).toBe(4);
  });

  it('evens out the rows instead of leaving one card alone', () => {
    expect(cardColumns(4, widthFor(3))).toBe(2);
    expect(cardColumns(8, widthFor(5))).toBe(4);
    expect(cardColumns(5, widthFor(4))).toBe(3);
  });

  it('never goes below one column or above the card count', () => {
    expect(cardColumns(4, 50)).toBe(1);
    expect(cardColumns(0, 900)).toBe(1);
    for (let count = 1; count <= 12; count++) {
      for (let width = 0; width <= 2400; width += 37) {
        const cols = cardColumns(count, width);
        const fit = Math.max(1, Math.min(count, Math.floor((width + CARD_GAP_PX) / (CARD_MIN_PX + CARD_GAP_PX))));
        expect(cols).toBeGreaterThanOrEqual(1);
        expect(cols).toBeLessThanOrEqual(fit);
        // No more rows than the widest fit needs: evening out only moves cards between rows.
        expect(Math.ceil(count / cols)).toBe(Math.ceil(count / fit));
      }
    }
  });
});
