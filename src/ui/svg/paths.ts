// SVG path strings for the two shapes the lab draws: a polyline (glyph strokes, outlines) and a
// step line that holds each value until the next point (the max_seen chart). Written here rather
// than with d3-shape: the two loops below are all of it that the lab used, and d3-shape with
// d3-path added 3 kB gzipped to every page load.

export type Point = readonly [number, number];

const xy = ([x, y]: Point) => `${x},${y}`;

/** `M x0,y0 L x1,y1 ...`; an empty string for no points. */
export function polylinePath(points: readonly Point[]): string {
  return points.map((p, i) => (i === 0 ? 'M' : 'L') + xy(p)).join('');
}

/** A step line: each value holds until the next point's x, then the line jumps to its y. */
export function stepAfterPath(points: readonly Point[]): string {
  const corners: Point[] = [];
  points.forEach((p, i) => {
    if (i > 0) corners.push([p[0], points[i - 1]![1]]);
    corners.push(p);
  });
  return polylinePath(corners);
}
