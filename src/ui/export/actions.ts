// The export actions behind the timeline's buttons, loaded on first use (a dynamic import), so
// the lab's first load does not carry them: the standalone SVG, the PNG at twice the pixel
// density, and the trace as Mermaid text. Invariant: each either finishes or throws an
// ExportError whose message is one sentence for the reader; nothing else escapes.

import { findStrategy, type Trace } from '../../engine';
import { formatMermaid } from '../../engine/surfaces/export';
import { pictureSize, standaloneSvg, type LegendLayout, type StandaloneOptions } from './standaloneSvg';
import { fileStem } from '../format/fileStem';

/** A failure said in one sentence for the reader. */
export class ExportError extends Error {}

/** The PNG's pixels per CSS pixel of the timeline. */
export const PNG_SCALE = 2;

function save(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  // The browser reads the file from the blob's address after this task, in its own time: on a
  // busy machine a second was too little (the download never came), so the address is kept for a
  // minute. It holds only the one exported file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The timeline's layers in `container`: the drawing, then the overlay (labels, max_seen). */
function layersIn(container: Element): SVGSVGElement[] {
  const layers = [container.querySelector('svg.tl-svg'), container.querySelector('svg.tl-overlay')];
  const found = layers.filter((l): l is SVGSVGElement => l !== null);
  if (found.length === 0) throw new ExportError('There is no timeline on the page to export yet.');
  return found;
}

/**
 * The timeline's key in `container` as the page lays it out (each entry's words on one line, as
 * they fit), or undefined where it is not shown.
 */
function legendIn(container: Element): LegendLayout | undefined {
  const list = container.querySelector('.tl-legend');
  if (!list || getComputedStyle(list).display === 'none') return undefined;
  const box = list.getBoundingClientRect();
  const entries = Array.from(list.querySelectorAll('li')).flatMap((item) => {
    const swatch = item.querySelector('svg');
    const words = item.querySelector('span');
    if (!swatch || !words) return [];
    const [s, t, style] = [swatch.getBoundingClientRect(), words.getBoundingClientRect(), getComputedStyle(words)];
    return [
      {
        swatch,
        x: s.left - box.left,
        y: s.top - box.top,
        text: words.textContent ?? '',
        textX: t.left - box.left,
        textY: t.top - box.top + t.height / 2,
        font: {
          family: style.fontFamily,
          size: style.fontSize,
          weight: style.fontWeight,
          fill: style.color,
        },
      },
    ];
  });
  return { width: box.width, height: box.height, entries };
}

/** The veil over the future as the page shows it, from the drawing's top left; undefined if none. */
function veilIn(container: Element): StandaloneOptions['veil'] {
  const [drawing, box, veil] = ['svg.tl-svg', '.tl-fade', '.tl-fade__veil'].map((q) => container.querySelector(q));
  if (!drawing || !box || !veil) return undefined;
  const [d, b, v] = [drawing, box, veil].map((el) => el.getBoundingClientRect()) as [DOMRect, DOMRect, DOMRect];
  // The veil slides inside its box, which clips it: what shows is where the two meet.
  const left = Math.max(b.left, v.left);
  const right = Math.min(b.right, v.right);
  if (right <= left) return undefined;
  return {
    x: left - d.left,
    y: b.top - d.top,
    width: right - left,
    height: b.height,
    fill: getComputedStyle(veil).backgroundColor,
  };
}

/**
 * The timeline in `container`, with its key, as standalone SVG text, and the picture's size in CSS
 * px: the page is measured once for both. @throws ExportError
 */
function timelinePicture(container: Element, trace: Trace): { text: string; width: number; height: number } {
  try {
    const [layers, legend] = [layersIn(container), legendIn(container)];
    const text = standaloneSvg(layers, (el) => getComputedStyle(el), {
      // The name may already say its system ("etcd: the canonical race (store keeps …)"): the
      // strategy's own name follows it in words, not as a second pair of brackets.
      title: `${trace.scenario.name}, under ${findStrategy(trace.scenario.strategy)?.name ?? trace.scenario.strategy}`,
      legend,
      veil: veilIn(container),
    });
    return { text, ...pictureSize(layers, legend) };
  } catch (e) {
    if (e instanceof ExportError) throw e;
    throw new ExportError(`Could not export the timeline: ${(e as Error).message}.`);
  }
}

export function downloadSvg(container: Element, trace: Trace): void {
  const { text } = timelinePicture(container, trace);
  save(`${fileStem(trace.scenario, 'timeline')}.timeline.svg`, new Blob([text], { type: 'image/svg+xml' }));
}

/** Draws the standalone SVG on a canvas at PNG_SCALE and saves it. @throws ExportError */
export async function downloadPng(container: Element, trace: Trace): Promise<void> {
  const { text, width, height } = timelinePicture(container, trace);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.width = width;
    image.height = height;
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new ExportError('The browser could not draw the timeline as a picture.'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = width * PNG_SCALE;
    canvas.height = height * PNG_SCALE;
    const context = canvas.getContext('2d');
    if (!context) throw new ExportError('This browser gives no canvas to draw the PNG on.');
    context.scale(PNG_SCALE, PNG_SCALE);
    context.drawImage(image, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new ExportError('The browser could not encode the PNG.');
    save(`${fileStem(trace.scenario, 'timeline')}.timeline@2x.png`, blob);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The trace as a Mermaid sequenceDiagram (engine/trace/mermaid.ts). */
export const mermaidOf = (trace: Trace): string => formatMermaid(trace);
