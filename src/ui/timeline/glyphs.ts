// The marks' shapes and the glyphs inside them, as absolute SVG geometry (no per-mark transform,
// which would cost the browser a paint chunk per mark).
// Invariant: accept and reject differ in outline AND glyph, so colour is never the only cue.

import { polylinePath, type Point } from '../svg/paths';
import type { MarkShapeKind } from './types';

export const VERDICT_RADIUS_PX = 9;
export const EVENT_RADIUS_PX = 3.5;
const SQUARE_HALF_PX = 8.5;
const DIAMOND_HALF_PX = 10;

/** The glyph strokes inside each outline, as polylines around (0, 0). */
const STROKES: Record<MarkShapeKind, Point[][]> = {
  accept: [
    [
      [-4.2, 0.4],
      [-1.3, 3.3],
      [4.3, -2.9],
    ],
  ],
  reject: [
    [
      [-4, -4],
      [4, 4],
    ],
    [
      [-4, 4],
      [4, -4],
    ],
  ],
  staleAccept: [
    [
      [0, -5],
      [0, 1.2],
    ],
    [
      [0, 4.2],
      [0, 4.6],
    ],
  ],
  effect: [],
  event: [],
};

export function glyphPath(kind: MarkShapeKind, x: number, y: number): string {
  return STROKES[kind].map((points) => polylinePath(points.map(([px, py]) => [x + px, y + py]))).join('');
}

export type Outline =
  | { shape: 'circle'; cx: number; cy: number; r: number }
  | { shape: 'rect'; x: number; y: number; size: number }
  | { shape: 'path'; d: string };

export function outline(kind: MarkShapeKind, x: number, y: number): Outline {
  switch (kind) {
    case 'accept':
    case 'staleAccept':
      return { shape: 'circle', cx: x, cy: y, r: VERDICT_RADIUS_PX };
    case 'reject':
      return { shape: 'rect', x: x - SQUARE_HALF_PX, y: y - SQUARE_HALF_PX, size: 2 * SQUARE_HALF_PX };
    case 'effect': {
      const h = DIAMOND_HALF_PX;
      const d = polylinePath([
        [x, y - h],
        [x + h, y],
        [x, y + h],
        [x - h, y],
      ]);
      return { shape: 'path', d: `${d}Z` };
    }
    case 'event':
      return { shape: 'circle', cx: x, cy: y, r: EVENT_RADIUS_PX };
  }
}

/** How far right of the mark its token is written. */
export const TOKEN_DX_PX: Record<MarkShapeKind, number> = {
  accept: 14,
  reject: 14,
  staleAccept: 14,
  effect: 15,
  event: 8,
};
