// The window moves the user makes (zoom, fit, pan by d3-zoom's transform) and the one the timeline
// makes for them (following the cursor) keep the window inside the trace and the cursor in view.

import { describe, expect, it } from 'vitest';
import { findPreset, simulate } from '../../engine';
import {
  MIN_SPAN_MS,
  clampWindow,
  fitWindow,
  followCursor,
  isFit,
  transformOfWindow,
  windowOfTransform,
  zoomWindow,
} from './viewport';

const trace = simulate(findPreset('canonical-race')!.scenario);
const fit = fitWindow(trace);
const plot = { left: 160, right: 1160, top: 40, bottom: 400 };

describe('viewport', () => {
  it('fits the whole trace with a margin at both ends', () => {
    expect(fit.startMs).toBeLessThan(0);
    expect(fit.endMs).toBeGreaterThan(trace.endMs);
    expect(isFit(fit, fitWindow(trace))).toBe(true);
  });

  it('zooms about a time, keeping it at the same place on screen, and never past the limits', () => {
    const zoomed = zoomWindow(fit, 4, 1300, fit);
    expect(zoomed.endMs - zoomed.startMs).toBeCloseTo((fit.endMs - fit.startMs) / 4);
    const ratio = (w: typeof fit) => (1300 - w.startMs) / (w.endMs - w.startMs);
    expect(ratio(zoomed)).toBeCloseTo(ratio(fit));
    expect(zoomWindow(fit, 0.25, 1300, fit)).toEqual(fit);
    const deepest = zoomWindow(fit, 1e9, 1300, fit);
    expect(deepest.endMs - deepest.startMs).toBeCloseTo(MIN_SPAN_MS);
  });

  it('round-trips a window through d3-zoom’s transform', () => {
    const window = { startMs: 1000, endMs: 1500 };
    const t = transformOfWindow(window, fit, plot);
    const back = windowOfTransform(t, fit, plot);
    expect(back.startMs).toBeCloseTo(1000);
    expect(back.endMs).toBeCloseTo(1500);
    expect(windowOfTransform({ k: 1, x: 0 }, fit, plot)).toEqual(fit);
  });

  it('keeps a window inside the trace', () => {
    expect(clampWindow({ startMs: -5000, endMs: -4000 }, fit)).toEqual({
      startMs: fit.startMs,
      endMs: fit.startMs + 1000,
    });
    expect(clampWindow({ startMs: 0, endMs: 1e9 }, fit)).toEqual(fit);
  });

  it('follows the cursor only when it leaves the window, paging forward and back', () => {
    const window = { startMs: 1000, endMs: 1500 };
    expect(followCursor(window, 1200, fit)).toBe(window);
    const forward = followCursor(window, 2600, fit);
    expect(forward.endMs - forward.startMs).toBeCloseTo(500);
    expect(2600).toBeGreaterThan(forward.startMs);
    expect(2600).toBeLessThan(forward.endMs);
    const back = followCursor(window, 100, fit);
    expect(100).toBeGreaterThan(back.startMs);
    expect(100).toBeLessThan(back.endMs);
  });
});
