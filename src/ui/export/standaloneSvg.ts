// The timeline as an SVG file that stands alone: the lab draws it with CSS classes whose rules
// live in the page's stylesheet (and the step labels and max_seen in a second, overlaid <svg>), so
// a plain copy renders black. Here each element's computed paint and type are written onto it as
// SVG presentation attributes (fill="…", not style="fill:…": the site's Content-Security-Policy
// refuses style attributes set from script, and every property below is also an attribute), the layers are stacked in one <svg> over a white background, with the pattern
// defs, xmlns, width, height and viewBox. Invariant: the result needs no stylesheet, script or
// font file; classes and data attributes are dropped, so nothing depends on the page.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The properties that make the picture, and whether a child inherits each from its parent. */
const PROPERTIES: readonly (readonly [name: string, inherited: boolean])[] = [
  ['fill', true],
  ['fill-opacity', true],
  ['stroke', true],
  ['stroke-width', true],
  ['stroke-dasharray', true],
  ['stroke-opacity', true],
  ['stroke-linecap', true],
  ['opacity', false],
  ['font-family', true],
  ['font-size', true],
  ['font-weight', true],
  ['text-anchor', true],
  ['dominant-baseline', true],
  ['paint-order', true],
  ['visibility', true],
];

/** Values not worth writing on an element that does not inherit them. */
const INITIAL: Readonly<Record<string, string>> = { opacity: '1' };

/** What the serializer reads of an element's style: getComputedStyle, or a stand-in in tests. */
export type StyleOf = (element: Element) => { getPropertyValue(name: string): string };

export interface StandaloneOptions {
  /** The picture's title (a <title> element, what a viewer names the file by). */
  title: string;
  /** Fill of the background rectangle; white unless given. */
  background?: string;
}

/** `element`'s declarations worth writing, given its parent's values (null: write them all). */
function declarations(element: Element, parent: Element | null, styleOf: StyleOf): [string, string][] {
  const own = styleOf(element);
  const above = parent ? styleOf(parent) : null;
  const out: [string, string][] = [];
  for (const [name, inherited] of PROPERTIES) {
    const value = own.getPropertyValue(name).trim();
    if (!value) continue;
    if (inherited && above && above.getPropertyValue(name).trim() === value) continue;
    if (!inherited && INITIAL[name] === value) continue;
    out.push([name, value]);
  }
  return out;
}

/** Writes `element`'s declarations onto `copy` as presentation attributes, over any copied ones. */
function paint(copy: Element, declared: [string, string][]): void {
  for (const [name, value] of declared) copy.setAttribute(name, value);
}

/** A copy of `source` and its subtree with styles inlined; null for what is not displayed. */
function inlined(source: Element, parent: Element | null, styleOf: StyleOf, doc: Document): Element | null {
  if (styleOf(source).getPropertyValue('display').trim() === 'none') return null;
  const copy = doc.createElementNS(SVG_NS, source.localName);
  for (const attr of Array.from(source.attributes)) {
    if (attr.name === 'class' || attr.name === 'style' || attr.name.startsWith('data-')) continue;
    if (attr.name === 'role' || attr.name.startsWith('aria-')) continue;
    copy.setAttribute(attr.name, attr.value);
  }
  paint(copy, declarations(source, parent, styleOf));
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === 3) copy.appendChild(doc.createTextNode(child.textContent ?? ''));
    else if (child.nodeType === 1) {
      const inner = inlined(child as Element, source, styleOf, doc);
      if (inner) copy.appendChild(inner);
    }
  }
  return copy;
}

/** The size of a layer: its width and height attributes, in CSS pixels. */
export function sizeOf(svg: SVGSVGElement): { width: number; height: number } {
  return { width: Number(svg.getAttribute('width')) || 0, height: Number(svg.getAttribute('height')) || 0 };
}

/**
 * One self-contained SVG document (text) of `layers` stacked in order, the first giving the size.
 * Each layer becomes a <g> carrying its own inherited values, so its children need only what
 * differs. @throws Error when there is no layer or it has no size.
 */
export function standaloneSvg(
  layers: readonly SVGSVGElement[],
  styleOf: StyleOf,
  { title, background = '#ffffff' }: StandaloneOptions,
): string {
  const base = layers[0];
  if (!base) throw new Error('there is no timeline to export');
  const { width, height } = sizeOf(base);
  if (!width || !height) throw new Error('the timeline has not been drawn yet');
  const doc = base.ownerDocument;
  const root = doc.createElementNS(SVG_NS, 'svg');
  // The serializer writes xmlns for the element's namespace itself; xlink is declared by hand.
  root.setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns:xlink', 'http://www.w3.org/1999/xlink');
  root.setAttribute('width', String(width));
  root.setAttribute('height', String(height));
  root.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const name = doc.createElementNS(SVG_NS, 'title');
  name.textContent = title;
  root.appendChild(name);
  const backdrop = doc.createElementNS(SVG_NS, 'rect');
  for (const [k, v] of [
    ['width', '100%'],
    ['height', '100%'],
    ['fill', background],
  ])
    backdrop.setAttribute(k!, v!);
  root.appendChild(backdrop);
  for (const layer of layers) {
    const group = doc.createElementNS(SVG_NS, 'g');
    paint(group, declarations(layer, null, styleOf));
    for (const child of Array.from(layer.children)) {
      const copy = inlined(child, layer, styleOf, doc);
      if (copy) group.appendChild(copy);
    }
    root.appendChild(group);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}\n`;
}
