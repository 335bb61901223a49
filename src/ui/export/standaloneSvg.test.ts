// @vitest-environment jsdom
// The standalone SVG: styles inlined from what the page computes (a stand-in here), only what a
// child does not inherit, classes dropped, layers stacked over a white background, sized.
import { describe, expect, it } from 'vitest';
import { paintOf, pictureSize, standaloneSvg, type LegendLayout, type StyleOf } from './standaloneSvg';

const NS = 'http://www.w3.org/2000/svg';
function layer(markup: string): SVGSVGElement {
  const host = document.createElement('div');
  host.innerHTML = `<svg xmlns="${NS}" width="300" height="120" class="tl-svg">${markup}</svg>`;
  return host.firstElementChild as SVGSVGElement;
}
/** Computed style by class, as a stylesheet would give it; the svg root sets the font. */
const RULES: Record<string, Record<string, string>> = {
  'tl-svg': { 'font-family': 'sans-serif', 'font-size': '12px', fill: 'rgb(0, 0, 0)' },
  'tl-lane__title': { 'font-family': 'sans-serif', 'font-size': '14px', 'font-weight': '600', fill: 'rgb(15, 23, 42)' },
  'tl-band': { 'font-family': 'sans-serif', 'font-size': '12px', fill: 'rgb(244, 246, 251)', opacity: '1' },
  hidden: { display: 'none' },
  // A paint server as getComputedStyle gives it: quoted.
  'tl-lease__zombie': { fill: 'url("#zombie")' },
};
const styleOf: StyleOf = (el) => {
  const rule = RULES[el.getAttribute('class') ?? ''] ?? RULES['tl-svg']!;
  return { getPropertyValue: (name: string) => rule[name] ?? '' };
};

describe('standaloneSvg', () => {
  const drawing = layer(
    '<defs><pattern id="p1"><rect class="tl-band" width="6" height="6"/></pattern></defs>' +
      '<rect class="tl-band" data-step="3" width="300" height="60"/><text class="tl-lane__title" x="14" y="30">Client1</text>' +
      '<g class="hidden"><text>secret</text></g>',
  );
  const overlay = layer('<text class="tl-lane__title">t6</text>');
  const text = standaloneSvg([drawing, overlay], styleOf, { title: 'The race; <fencing>' });
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;

  it('is a sized SVG document with a title and a white background first', () => {
    expect(root.getAttribute('xmlns')).toBe(NS);
    expect([root.getAttribute('width'), root.getAttribute('height'), root.getAttribute('viewBox')]).toEqual([
      '300',
      '120',
      '0 0 300 120',
    ]);
    expect(root.querySelector('title')!.textContent).toBe('The race; <fencing>');
    expect(root.children[1]!.getAttribute('fill')).toBe('#ffffff');
  });

  it('writes computed styles as presentation attributes, only what differs from the parent, and drops classes', () => {
    const title = root.querySelector('text')!;
    const attrs = (el: Element) => Object.fromEntries([...el.attributes].map((a) => [a.name, a.value]));
    expect(attrs(title)).toMatchObject({ fill: 'rgb(15, 23, 42)', 'font-size': '14px', 'font-weight': '600' });
    expect(title.hasAttribute('font-family')).toBe(false);
    expect(text).not.toContain('style=');
    expect(title.textContent).toBe('Client1');
    expect(text).not.toContain('class=');
    expect(text).not.toContain('data-step');
    expect(root.querySelector('pattern[id^="p1-"] rect')!.getAttribute('fill')).toBe('rgb(244, 246, 251)');
    // Each layer is a group carrying the layer's own inherited values.
    expect(root.querySelectorAll(':scope > g')).toHaveLength(2);
    expect(root.querySelector(':scope > g')!.getAttribute('font-family')).toBe('sans-serif');
  });

  it('gives its ids a suffix of its own, so two pictures inlined in one page do not share a clip box', () => {
    const picture = (width: number) => {
      const drawing = layer(
        `<defs><clipPath id="plot"><rect width="${width}" height="60"/></clipPath>` +
          '<pattern id="zombie"><rect class="tl-band" width="6" height="6"/></pattern></defs>' +
          '<g clip-path="url(#plot)"><rect fill="url(#zombie)" width="300" height="60"/></g>' +
          '<rect class="tl-lease__zombie" width="30" height="6"/>' +
          '<use href="#zombie"/><a href="#elsewhere"><text>x</text></a>',
      );
      const svg = new DOMParser().parseFromString(standaloneSvg([drawing], styleOf, { title: 'x' }), 'image/svg+xml');
      const ids = [...svg.querySelectorAll('[id]')].map((el) => el.id);
      return { svg: svg.documentElement, ids };
    };
    const narrow = picture(200);
    const wide = picture(280);
    expect(narrow.ids).toHaveLength(2);
    expect(narrow.ids.filter((id) => wide.ids.includes(id))).toEqual([]);
    // Every reference follows its id; what names no id of the picture is left as it was.
    const clip = narrow.ids.find((id) => id.startsWith('plot-'))!;
    const zombie = narrow.ids.find((id) => id.startsWith('zombie-'))!;
    expect(narrow.svg.querySelector('g > g')!.getAttribute('clip-path')).toBe(`url(#${clip})`);
    expect(narrow.svg.querySelector('g > g > rect')!.getAttribute('fill')).toBe(`url(#${zombie})`);
    expect(narrow.svg.querySelector(':scope > g > rect')!.getAttribute('fill')).toBe(`url(#${zombie})`);
    expect(narrow.svg.querySelector('use')!.getAttribute('href')).toBe(`#${zombie}`);
    expect(narrow.svg.querySelector('a')!.getAttribute('href')).toBe('#elsewhere');
    // The same picture twice defines the same things under the same names.
    expect(picture(200).ids).toEqual(narrow.ids);
  });

  it('leaves out what is not displayed, and refuses an undrawn timeline', () => {
    expect(text).not.toContain('secret');
    expect([...root.querySelectorAll('text')].map((t) => t.textContent)).toEqual(['Client1', 't6']);
    expect(() => standaloneSvg([], styleOf, { title: 'x' })).toThrow(/no timeline/);
    expect(() =>
      standaloneSvg(
        [layer('').cloneNode() as SVGSVGElement].map((l) => (l.setAttribute('width', '0'), l)),
        styleOf,
        { title: 'x' },
      ),
    ).toThrow(/not been drawn/);
  });

  it('draws the key under the timeline where the page placed it, in line with the lane names, and grows to hold it', () => {
    const swatch = (markup: string) => {
      const host = document.createElement('div');
      host.innerHTML = `<svg xmlns="${NS}" width="30" height="17">${markup}</svg>`;
      return host.firstElementChild as SVGSVGElement;
    };
    const font = { family: 'sans-serif', size: '13px', weight: '400', fill: 'rgb(71, 85, 105)' };
    const legend: LegendLayout = {
      width: 340,
      height: 40,
      entries: [
        {
          swatch: swatch('<rect class="tl-band" width="26" height="7"/>'),
          x: 0,
          y: 2,
          text: 'lease held',
          textX: 36,
          textY: 10.5,
          font,
        },
        {
          swatch: swatch('<rect class="hidden"/>'),
          x: 0,
          y: 23,
          text: 'write rejected: stale token',
          textX: 36,
          textY: 31.5,
          font,
        },
      ],
    };
    expect(pictureSize([drawing], legend)).toEqual({ width: 354, height: 180, legendTop: 130 });
    expect(pictureSize([drawing])).toEqual({ width: 300, height: 120, legendTop: 120 });
    const withKey = new DOMParser().parseFromString(
      standaloneSvg([drawing, overlay], styleOf, { title: 'x', legend }),
      'image/svg+xml',
    ).documentElement;
    expect([withKey.getAttribute('width'), withKey.getAttribute('height')]).toEqual(['354', '180']);
    const key = withKey.querySelector(':scope > g:last-of-type')!;
    // 14 px in, where the lane names start: flush with the picture's edge it looked cut off.
    expect(key.getAttribute('transform')).toBe('translate(14,130)');
    const words = [...key.querySelectorAll(':scope > text')];
    expect(words.map((t) => [t.textContent, t.getAttribute('x'), t.getAttribute('y'), t.getAttribute('fill')])).toEqual(
      [
        ['lease held', '36', '10.5', 'rgb(71, 85, 105)'],
        ['write rejected: stale token', '36', '31.5', 'rgb(71, 85, 105)'],
      ],
    );
    // Each swatch is drawn with its styles inlined, at its place; what is not displayed is left out.
    const swatches = [...key.querySelectorAll(':scope > svg')];
    expect(swatches.map((sw) => [sw.getAttribute('y'), sw.children.length])).toEqual([
      ['2', 1],
      ['23', 0],
    ]);
    expect(swatches[0]!.querySelector('rect')!.getAttribute('fill')).toBe('rgb(244, 246, 251)');
  });

  it("lays the page's veil over the future on the drawing, under the overlay", () => {
    const veil = { x: 120, y: 10, width: 180, height: 100, fill: 'rgba(255, 255, 255, 0.6)' };
    const root = new DOMParser().parseFromString(
      standaloneSvg([drawing, overlay], styleOf, { title: 'x', veil }),
      'image/svg+xml',
    ).documentElement;
    const kids = [...root.children].map((el) => el.localName);
    expect(kids).toEqual(['title', 'rect', 'g', 'rect', 'g']);
    const over = root.children[3]!;
    expect(['x', 'y', 'width', 'height', 'fill', 'fill-opacity'].map((k) => over.getAttribute(k))).toEqual([
      '120',
      '10',
      '180',
      '100',
      'rgb(255, 255, 255)',
      '0.6',
    ]);
    // A drawing with no overlay gets its veil too, over it.
    const alone = new DOMParser().parseFromString(
      standaloneSvg([drawing], styleOf, { title: 'x', veil }),
      'image/svg+xml',
    ).documentElement;
    expect([...alone.children].map((el) => el.localName)).toEqual(['title', 'rect', 'g', 'rect']);
    expect(paintOf('rgb(1, 2, 3)')).toEqual({ fill: 'rgb(1, 2, 3)', opacity: null });
    expect(paintOf('rgba(0 0 0 / 50%)')).toEqual({ fill: 'rgb(0, 0, 0)', opacity: '0.5' });
    // No veil (the cursor at the end): nothing is laid over.
    const plain = standaloneSvg([drawing, overlay], styleOf, { title: 'x', veil: { ...veil, width: 0 } });
    expect(new DOMParser().parseFromString(plain, 'image/svg+xml').documentElement.children).toHaveLength(4);
  });
});
