// Where a click is inside an element, in the element's own CSS pixels.

/**
 * The pointer's place in `element`, `[x, y]` in its own CSS pixels from its top left corner. The
 * browser gives the pointer (clientX, clientY) and the element's box (getBoundingClientRect) in the
 * screen's CSS pixels, which differ from the element's own where it is drawn larger or smaller:
 * presenter mode zooms a lesson to fill a large screen (CSS `zoom`). The element's layout width over
 * its drawn width is that factor: its border box (offsetWidth, what getBoundingClientRect measures)
 * for an HTML element, its width (clientWidth) for an <svg>; 1 for an element not drawn (0 wide).
 */
export function pointerIn(event: { clientX: number; clientY: number }, element: Element): [number, number] {
  const box = element.getBoundingClientRect();
  const layout = 'offsetWidth' in element ? (element as HTMLElement).offsetWidth : element.clientWidth;
  const own = box.width > 0 && layout > 0 ? layout / box.width : 1;
  return [(event.clientX - box.left) * own, (event.clientY - box.top) * own];
}
