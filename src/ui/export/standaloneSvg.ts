// The timeline as an SVG file that stands alone: the lab draws it with CSS classes whose rules
// live in the page's stylesheet (and the step labels and max_seen in a second, overlaid <svg>), so
// a plain copy renders black. Here each element's computed paint and type are written onto it as
// SVG presentation attributes (fill="…", not style="fill:…": the site's Content-Security-Policy
// refuses style attributes set from script, and every property below is also an attribute), the layers are stacked in one <svg> over a white background, with the pattern
// defs, xmlns, width, height and viewBox. Invariant: the result needs no stylesheet, script or
// font file; classes and data attributes are dropped, so nothing depends on the page. The key to
// the marks (the legend, HTML in the page) is drawn under the layers where the page placed it.

import { LANE_TITLE_X_PX } from '../timeline/geometry';

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
  /** The key to the marks, drawn under the layers as the page lays it out. */
  legend?: LegendLayout;
  /**
   * The veil the page lays over what has not happened yet (an HTML box over the plot), drawn over
   * the first layer and under the rest: its place in CSS px from the picture's top left, and fill.
   */
  veil?: { x: number; y: number; width: number; height: number; fill: string };
}

/** One entry of the key: its swatch and its words, placed from the key's top left, in CSS px. */
interface LegendEntry {
  swatch: SVGSVGElement;
  /** The swatch's top left. */
  x: number;
  y: number;
  text: string;
  /** Where the words start, and the middle of their line. */
  textX: number;
  textY: number;
  /** The words' computed font-family, font-size (px), font-weight and colour. */
  font: { family: string; size: string; weight: string; fill: string };
}

/** The key as the page lays it out: its size and entries, in CSS px. */
export interface LegendLayout {
  width: number;
  height: number;
  entries: readonly LegendEntry[];
}

/**
 * A CSS colour as SVG paint that every viewer reads: `rgba(r, g, b, a)` becomes the colour
 * `rgb(r, g, b)` and an opacity `a` (some SVG tools ignore a colour's alpha); others are kept.
 */
export function paintOf(colour: string): { fill: string; opacity: string | null } {
  const rgba = /^rgba\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)[\s,/]+([\d.]+%?)\s*\)$/.exec(colour.trim());
  if (!rgba) return { fill: colour, opacity: null };
  const alpha = rgba[4]!.endsWith('%') ? String(Number(rgba[4]!.slice(0, -1)) / 100) : rgba[4]!;
  return { fill: `rgb(${rgba[1]}, ${rgba[2]}, ${rgba[3]})`, opacity: alpha };
}

/** Space between the timeline and its key, and under the key, in CSS px. */
const LEGEND_GAP = 10;
/** The key's left margin: where the lane names start, so the two line up. */
const LEGEND_LEFT = LANE_TITLE_X_PX;

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
function sizeOf(svg: SVGSVGElement): { width: number; height: number } {
  return { width: Number(svg.getAttribute('width')) || 0, height: Number(svg.getAttribute('height')) || 0 };
}

/** The whole picture's size, in CSS px: the first layer's, with room for the key under it. */
export function pictureSize(
  layers: readonly SVGSVGElement[],
  legend?: LegendLayout,
): { width: number; height: number; legendTop: number } {
  const { width, height } = layers[0] ? sizeOf(layers[0]) : { width: 0, height: 0 };
  if (!legend || legend.entries.length === 0) return { width, height, legendTop: height };
  return {
    width: Math.max(width, Math.ceil(LEGEND_LEFT + legend.width)),
    height: Math.ceil(height + LEGEND_GAP + legend.height + LEGEND_GAP),
    legendTop: height + LEGEND_GAP,
  };
}

/** The key as a group: each swatch a nested <svg> (styles inlined), each entry's words a <text>. */
function legendGroup(legend: LegendLayout, top: number, styleOf: StyleOf, doc: Document): Element {
  const group = doc.createElementNS(SVG_NS, 'g');
  group.setAttribute('transform', `translate(${LEGEND_LEFT},${top})`);
  for (const entry of legend.entries) {
    const swatch = doc.createElementNS(SVG_NS, 'svg');
    for (const [k, v] of [
      ['x', entry.x],
      ['y', entry.y],
      ['width', sizeOf(entry.swatch).width],
      ['height', sizeOf(entry.swatch).height],
      ['overflow', 'visible'],
    ] as const)
      swatch.setAttribute(k, String(v));
    // What the swatch's children inherit from it in the page (its own computed values).
    paint(swatch, declarations(entry.swatch, null, styleOf));
    for (const child of Array.from(entry.swatch.children)) {
      const copy = inlined(child, entry.swatch, styleOf, doc);
      if (copy) swatch.appendChild(copy);
    }
    const words = doc.createElementNS(SVG_NS, 'text');
    for (const [k, v] of [
      ['x', String(entry.textX)],
      ['y', String(entry.textY)],
      ['dominant-baseline', 'central'],
      ['font-family', entry.font.family],
      ['font-size', entry.font.size],
      ['font-weight', entry.font.weight],
      ['fill', entry.font.fill],
    ])
      words.setAttribute(k!, v!);
    words.textContent = entry.text;
    group.append(swatch, words);
  }
  return group;
}

/**
 * One self-contained SVG document (text) of `layers` stacked in order, the first giving the size.
 * Each layer becomes a <g> carrying its own inherited values, so its children need only what
 * differs. @throws Error when there is no layer or it has no size.
 */
export function standaloneSvg(
  layers: readonly SVGSVGElement[],
  styleOf: StyleOf,
  { title, background = '#ffffff', legend, veil }: StandaloneOptions,
): string {
  const base = layers[0];
  if (!base) throw new Error('there is no timeline to export');
  if (!sizeOf(base).width || !sizeOf(base).height) throw new Error('the timeline has not been drawn yet');
  const { width, height, legendTop } = pictureSize(layers, legend);
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
  const veilOver = (): void => {
    if (!veil || veil.width <= 0 || veil.height <= 0) return;
    const over = doc.createElementNS(SVG_NS, 'rect');
    const { fill, opacity } = paintOf(veil.fill);
    for (const [k, v] of [
      ['x', veil.x],
      ['y', veil.y],
      ['width', veil.width],
      ['height', veil.height],
      ['fill', fill],
      ...(opacity === null ? [] : [['fill-opacity', opacity]]),
    ] as const)
      over.setAttribute(k, String(v));
    root.appendChild(over);
  };
  layers.forEach((layer, index) => {
    if (index === 1) veilOver();
    const group = doc.createElementNS(SVG_NS, 'g');
    paint(group, declarations(layer, null, styleOf));
    for (const child of Array.from(layer.children)) {
      const copy = inlined(child, layer, styleOf, doc);
      if (copy) group.appendChild(copy);
    }
    root.appendChild(group);
  });
  if (layers.length === 1) veilOver();
  if (legend && legend.entries.length > 0) root.appendChild(legendGroup(legend, legendTop, styleOf, doc));
  scopeIds(root);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}\n`;
}

/** FNV-1a over a text's UTF-16 code units: 8 hex digits. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * Renames every id in the picture (its clip path, its patterns: the page's own, the same in every
 * export) with a suffix drawn from the picture itself, and every reference to one (`url(#…)`,
 * `href="#…"`). Two exports pasted into one page (a docs site inlines SVG) would otherwise share
 * ids, and the second drawing would be clipped by the first one's clip box. Two identical
 * pictures get the same ids, which is harmless: they define the same things.
 */
function scopeIds(root: Element): void {
  const named = Array.from(root.querySelectorAll('[id]'));
  if (named.length === 0) return;
  const suffix = fnv1a(new XMLSerializer().serializeToString(root));
  const renamed = new Map(named.map((el) => [el.getAttribute('id')!, `${el.getAttribute('id')!}-${suffix}`]));
  for (const el of named) el.setAttribute('id', renamed.get(el.getAttribute('id')!)!);
  for (const el of [root, ...Array.from(root.querySelectorAll('*'))])
    for (const attr of Array.from(el.attributes)) {
      if (!attr.value.includes('#')) continue;
      const value = attr.value
        // A computed paint reads url("#id"), quoted; an attribute copied as written, url(#id).
        .replace(/url\(\s*(["']?)#([^)"'\s]+)\1\s*\)/g, (whole, _quote: string, id: string) =>
          renamed.has(id) ? `url(#${renamed.get(id)})` : whole,
        )
        .replace(/^#(.+)$/, (whole, id: string) =>
          /(^|:)href$/.test(attr.name) && renamed.has(id) ? `#${renamed.get(id)}` : whole,
        );
      if (value !== attr.value) el.setAttributeNS(attr.namespaceURI, attr.name, value);
    }
}
