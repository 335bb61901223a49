// @vitest-environment jsdom
// The timeline's gestures on a touch screen: every listener that could hold the page's scrolling
// up says whether it is passive, as Chromium (and Lighthouse) ask. That the gestures still work
// is e2e/timeline.spec.ts's (a pinch, a sideways swipe, an up-down swipe, in Chromium).
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { attachTimeZoom } from './timeZoom';

const SCROLL_BLOCKING = ['touchstart', 'touchmove', 'wheel', 'mousewheel'];

beforeEach(() => {
  // d3-zoom adds its touch listeners only where the device has touch points.
  Object.defineProperty(navigator, 'maxTouchPoints', { value: 5, configurable: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'maxTouchPoints');
});

function svgOnPage() {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  document.body.append(svg);
  return svg;
}

test('every scroll-blocking listener on the timeline says whether it is passive', () => {
  const added: { type: string; options: unknown }[] = [];
  const add = EventTarget.prototype.addEventListener;
  vi.spyOn(EventTarget.prototype, 'addEventListener').mockImplementation(function (this: EventTarget, ...args) {
    added.push({ type: args[0], options: args[2] });
    add.apply(this, args);
  });
  const svg = svgOnPage();
  attachTimeZoom(svg, { onWindow: () => {}, onPlainWheel: () => {} });

  const blocking = added.filter((a) => SCROLL_BLOCKING.includes(a.type));
  // d3-zoom's pinch and pan (touchstart, touchmove), its wheel, and the lab's own swipe and hint.
  expect(blocking.map((a) => a.type).sort()).toEqual([
    'touchmove',
    'touchmove',
    'touchstart',
    'touchstart',
    'wheel',
    'wheel',
  ]);
  for (const { type, options } of blocking) {
    expect(
      typeof options === 'object' && options !== null && 'passive' in options,
      `${type}: ${JSON.stringify(options)}`,
    ).toBe(true);
  }
  // The element's own method is the prototype's again.
  expect(Object.hasOwn(svg, 'addEventListener')).toBe(false);
});
