// The window moves the user makes with the buttons (zoom, fit) and the one the timeline makes for
// them (following the cursor) keep the window inside the trace and the cursor in view. The
// gestures' windows are d3-zoom's: zoomMapping.test.ts.

import { describe, expect, it } from 'vitest';
import { findPreset, simulate } from '../../engine';
import { MIN_SPAN_MS, clampWindow, fitWindow, followCursor, isFit, zoomCentred, zoomWindow } from './viewport';

const trace = simulate(findPreset('canonical-race')!.scenario);
const fit = fitWindow(trace);

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

  it('the zoom buttons centre the cursor, so t6 stays in view when zooming in at t5', () => {
    const t5 = trace.steps.find((s) => s.label === 't5')!.timeMs;
    const t6 = trace.steps.find((s) => s.label === 't6')!.timeMs;
    let window = fit;
    for (let i = 0; i < 4; i++) {
      window = zoomCentred(window, 2, t5, fit);
      expect(t6).toBeLessThanOrEqual(window.endMs);
      expect(t5).toBeGreaterThanOrEqual(window.startMs);
    }
    expect((window.startMs + window.endMs) / 2).toBeCloseTo(t5);
    // Near the start the window stops at the trace's edge instead of centring.
    expect(zoomCentred(fit, 4, 0, fit).startMs).toBe(fit.startMs);
    expect(zoomCentred(fit, 0.5, t5, fit)).toEqual(fit);
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
