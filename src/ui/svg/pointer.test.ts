// pointerIn: a click's place in an element's own pixels, also where the element is drawn zoomed.
import { describe, expect, it } from 'vitest';
import { pointerIn } from './pointer';

/** An element laid out `width` CSS px wide, drawn `scale` times that size at (left, top). */
function drawn(width: number, scale: number, left: number, top: number): Element {
  const box = { left, top, width: width * scale, height: 100 * scale };
  return { clientWidth: width, getBoundingClientRect: () => box } as unknown as Element;
}

describe('pointerIn', () => {
  it('is the offset from the top left corner where the element is drawn at its own size', () => {
    expect(pointerIn({ clientX: 130, clientY: 60 }, drawn(400, 1, 100, 50))).toEqual([30, 10]);
  });

  it("divides a zoom back out: at 1.5x, 150 screen pixels in are 100 of the element's own", () => {
    expect(pointerIn({ clientX: 250, clientY: 80 }, drawn(400, 1.5, 100, 50))).toEqual([100, 20]);
  });

  it("measures an HTML element by its border box, as the browser's box is: a border is no zoom", () => {
    const bordered = { ...drawn(400, 1, 100, 50), clientWidth: 396, offsetWidth: 400 } as unknown as Element;
    expect(pointerIn({ clientX: 300, clientY: 60 }, bordered)).toEqual([200, 10]);
  });

  it('takes an element that is not drawn (0 wide) as unscaled', () => {
    expect(pointerIn({ clientX: 5, clientY: 5 }, drawn(0, 1, 0, 0))).toEqual([5, 5]);
  });
});
