// The article's step labels over the drawing: in order, apart, and whole on the screen.

import { describe, expect, it } from 'vitest';
import { labelWidth, spreadLabels } from './marks';
import type { PlotArea, StepLabelShape } from './types';

const label = (step: number, text: string, x: number): StepLabelShape => ({
  step,
  text,
  x,
  y: 10,
  anchorX: x,
  anchorY: 40,
});
const edges = (labels: StepLabelShape[]) =>
  labels.map((l) => [l.x - labelWidth(l.text) / 2, l.x + labelWidth(l.text) / 2] as const);

describe('spreadLabels', () => {
  it('keeps the labels inside the plot where they fit, in order and apart', () => {
    const plot: PlotArea = { left: 100, right: 600, top: 30, bottom: 200 };
    const labels = [label(0, 't5', 400), label(1, 't6', 401)];
    spreadLabels(labels, plot);
    const [t5, t6] = edges(labels);
    expect(t6![0] - t5![1]).toBeGreaterThanOrEqual(6);
    for (const [left, right] of edges(labels)) {
      expect(left).toBeGreaterThanOrEqual(plot.left);
      expect(right).toBeLessThanOrEqual(plot.right);
    }
  });

  it("runs over the lanes' names where the plot is too narrow, but never past the drawing's left edge", () => {
    // A ZooKeeper partition at 390 px: eight labels (312 px of pills) in a plot 180 px wide; "t0" was cut in half.
    const plot: PlotArea = { left: 160, right: 340, top: 30, bottom: 200 };
    const texts = ['t0', 'cut', 'susp', 't2', 't3', 't4', 't6', 'lost'];
    const labels = texts.map((text, i) => label(i, text, 170 + i * 20));
    spreadLabels(labels, plot);
    const boxes = edges(labels);
    expect(boxes[0]![0]).toBeGreaterThanOrEqual(0);
    for (let i = 1; i < boxes.length; i += 1) expect(boxes[i]![0] - boxes[i - 1]![1]).toBeGreaterThanOrEqual(6 - 1e-9);
    expect(labels.map((l) => l.text)).toEqual(texts);
    for (const [, right] of boxes) expect(right).toBeLessThanOrEqual(plot.right);
  });

  it('keeps the last labels whole at the right where even the whole width is too narrow for them all', () => {
    // A long run's last label is often the cursor's: pushing the overflow right hid it (a review).
    const plot: PlotArea = { left: 100, right: 200, top: 30, bottom: 200 };
    const texts = ['t0', 'delay', 'late-renewal', 't4', 'expired'];
    const labels = texts.map((text, i) => label(i, text, 110 + i * 20));
    spreadLabels(labels, plot);
    const boxes = edges(labels);
    expect(boxes.at(-1)![1]).toBeLessThanOrEqual(plot.right);
    for (let i = 1; i < boxes.length; i += 1) expect(boxes[i]![0] - boxes[i - 1]![1]).toBeGreaterThanOrEqual(6 - 1e-9);
  });
});
